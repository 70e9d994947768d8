"""With --json and no permission, each node is still one JSON object: its node and an error."""

import json


def check(context):
    data = context.result.files.get("json.out")
    if data is None:
        return [("json-lines", False, "the guest sent no json.out")]
    problems = []
    objects = []
    for number, line in enumerate(data.decode(errors="replace").splitlines(), 1):
        try:
            objects.append(json.loads(line))
        except json.JSONDecodeError as error:
            problems.append(f"line {number} is not JSON: {error}")
    if len(objects) != 2:
        problems.append(f"{len(objects)} objects, expected one per node (2)")
    for entry in objects:
        if not str(entry.get("node", "")).startswith("/dev/input/event") or "error" not in entry:
            problems.append(f"object without node and error: {entry}")
    return [("json-lines", not problems, "; ".join(problems) or "one object with node and error per device")]
