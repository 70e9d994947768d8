// A bare libyaml event walk, the baseline of the `parse.libinput-yaml` rows: what reading a
// libinput-record file costs before anything is built from it.

#include "CBaselines.h"

#include <yaml.h>

int64_t CBaselines_yamlWalk(const uint8_t *bytes, size_t count) {
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) {
        return -1;
    }
    yaml_parser_set_input_string(&parser, bytes, count);
    int64_t events = 0;
    for (;;) {
        yaml_event_t event;
        if (!yaml_parser_parse(&parser, &event)) {
            yaml_parser_delete(&parser);
            return -1;
        }
        events++;
        int done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        if (done) {
            break;
        }
    }
    yaml_parser_delete(&parser);
    return events;
}
