"""The focus and select lines `wayfinder run --json --scene` printed for the injected keys."""

import live_checks


def check(context):
    objects, problem = live_checks.stream(context.result.files, "run.jsonl")
    if problem:
        return [("run-stream", False, problem)]
    verdicts = [("run-stream", True, f"{len(objects)} lines")]
    verdicts.append(live_checks.demo_focus_moves(objects))
    verdicts.append(live_checks.demo_selections(objects))
    return verdicts

