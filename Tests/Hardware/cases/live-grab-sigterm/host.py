"""The stream `wayfinder run --grab --json` printed before SIGTERM: a drag that began and was
cancelled, never ended."""

import live_checks


def check(context):
    objects, problem = live_checks.stream(context.result.files, "run.jsonl")
    if problem:
        return [("run-stream", False, problem)]
    phases = live_checks.phases(objects, "drag")
    problems = []
    if not phases or phases[0] != "began" or phases[-1] != "cancelled" or any(p != "changed" for p in phases[1:-1]):
        problems.append(f"drag phases {phases}, expected began, changed…, cancelled")
    return [live_checks.verdict("sigterm-cancels-drag", problems, " ".join(map(str, phases)))]
