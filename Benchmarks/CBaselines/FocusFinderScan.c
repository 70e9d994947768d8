// Android FocusFinder's choice of the next item for an arrow key, by a linear scan over every
// item: the baseline of the `focus.arrow.*` rows. The rules follow FocusFinder.java
// (isCandidate, beamBeats, getWeightedDistanceFor) as summarised in focus-reference.md §2, on
// doubles instead of Android's integer pixels.

#include "CBaselines.h"

#include <math.h>

typedef struct {
    double left, top, right, bottom;
} CBaselines_Edges;

static CBaselines_Edges CBaselines_edges(CBaselines_Rect rect) {
    return (CBaselines_Edges){rect.x, rect.y, rect.x + rect.width, rect.y + rect.height};
}

// The destination lies beyond the source in the direction: at least partly past its leading edge,
// with its own far edge past the source's.
static int CBaselines_isCandidate(
    CBaselines_Edges source, CBaselines_Edges destination, CBaselines_Direction direction) {
    switch (direction) {
    case CBaselines_DirectionLeft:
        return (source.right > destination.right || source.left >= destination.right) && source.left > destination.left;
    case CBaselines_DirectionRight:
        return (source.left < destination.left || source.right <= destination.left) && source.right < destination.right;
    case CBaselines_DirectionUp:
        return (source.bottom > destination.bottom || source.top >= destination.bottom) && source.top > destination.top;
    case CBaselines_DirectionDown:
        return (source.top < destination.top || source.bottom <= destination.top) && source.bottom < destination.bottom;
    }
    return 0;
}

// The two overlap across the direction of travel (strictly).
static int CBaselines_beamsOverlap(CBaselines_Edges source, CBaselines_Edges other, CBaselines_Direction direction) {
    if (direction == CBaselines_DirectionLeft || direction == CBaselines_DirectionRight) {
        return other.bottom > source.top && other.top < source.bottom;
    }
    return other.right > source.left && other.left < source.right;
}

// The destination lies entirely beyond the source's leading edge.
static int CBaselines_isToDirectionOf(
    CBaselines_Edges source, CBaselines_Edges destination, CBaselines_Direction direction) {
    switch (direction) {
    case CBaselines_DirectionLeft: return source.left >= destination.right;
    case CBaselines_DirectionRight: return source.right <= destination.left;
    case CBaselines_DirectionUp: return source.top >= destination.bottom;
    case CBaselines_DirectionDown: return source.bottom <= destination.top;
    }
    return 0;
}

// The distance along the travel axis from the source's leading edge to the destination's near
// edge, or to its far edge when `farEdge` is set.
static double CBaselines_travel(
    CBaselines_Edges source, CBaselines_Edges destination, CBaselines_Direction direction, int farEdge) {
    switch (direction) {
    case CBaselines_DirectionLeft: return source.left - (farEdge ? destination.left : destination.right);
    case CBaselines_DirectionRight: return (farEdge ? destination.right : destination.left) - source.right;
    case CBaselines_DirectionUp: return source.top - (farEdge ? destination.top : destination.bottom);
    case CBaselines_DirectionDown: return (farEdge ? destination.bottom : destination.top) - source.bottom;
    }
    return 0;
}

// The gap from the source's leading edge to the destination's near edge, never negative.
static double CBaselines_majorAxisDistance(
    CBaselines_Edges source, CBaselines_Edges destination, CBaselines_Direction direction) {
    return fmax(0, CBaselines_travel(source, destination, direction, 0));
}

// The distance from the source's leading edge to the destination's far edge, at least 1.
static double CBaselines_majorAxisDistanceToFarEdge(
    CBaselines_Edges source, CBaselines_Edges destination, CBaselines_Direction direction) {
    return fmax(1, CBaselines_travel(source, destination, direction, 1));
}

// The distance between the centres across the direction of travel.
static double CBaselines_minorAxisDistance(
    CBaselines_Edges source, CBaselines_Edges destination, CBaselines_Direction direction) {
    if (direction == CBaselines_DirectionLeft || direction == CBaselines_DirectionRight) {
        return fabs((source.top + source.bottom) / 2 - (destination.top + destination.bottom) / 2);
    }
    return fabs((source.left + source.right) / 2 - (destination.left + destination.right) / 2);
}

// Whether `first` beats `second` by being in the source's beam.
static int CBaselines_beamBeats(
    CBaselines_Edges source, CBaselines_Edges first, CBaselines_Edges second, CBaselines_Direction direction) {
    int firstInBeam = CBaselines_beamsOverlap(source, first, direction);
    int secondInBeam = CBaselines_beamsOverlap(source, second, direction);
    if (secondInBeam || !firstInBeam) {
        return 0;
    }
    if (!CBaselines_isToDirectionOf(source, second, direction)) {
        return 1;
    }
    if (direction == CBaselines_DirectionLeft || direction == CBaselines_DirectionRight) {
        return 1;
    }
    return CBaselines_majorAxisDistance(source, first, direction)
        < CBaselines_majorAxisDistanceToFarEdge(source, second, direction);
}

// FocusFinder's weighting: 13 times the squared gap along the travel axis plus the squared
// distance across it, so that nearness in the direction of travel dominates.
static double CBaselines_weightedDistance(
    CBaselines_Edges source, CBaselines_Edges destination, CBaselines_Direction direction) {
    double major = CBaselines_majorAxisDistance(source, destination, direction);
    double minor = CBaselines_minorAxisDistance(source, destination, direction);
    return 13 * major * major + minor * minor;
}

// Whether `candidate` is a better move than `best` (when there is one so far), as FocusFinder's
// isBetterCandidate decides: a candidate at all, then the beam, then the weighted distance.
static int CBaselines_isBetterCandidate(
    CBaselines_Edges source,
    CBaselines_Edges candidate,
    CBaselines_Edges best,
    int hasBest,
    CBaselines_Direction direction
) {
    if (!CBaselines_isCandidate(source, candidate, direction)) {
        return 0;
    }
    if (!hasBest) {
        return 1;
    }
    if (CBaselines_beamBeats(source, candidate, best, direction)) {
        return 1;
    }
    if (CBaselines_beamBeats(source, best, candidate, direction)) {
        return 0;
    }
    return CBaselines_weightedDistance(source, candidate, direction)
        < CBaselines_weightedDistance(source, best, direction);
}

int64_t CBaselines_focusFinderScan(
    const CBaselines_Rect *rects, size_t count, size_t focused, CBaselines_Direction direction) {
    CBaselines_Edges source = CBaselines_edges(rects[focused]);
    CBaselines_Edges best = source;
    int64_t bestIndex = -1;
    for (size_t index = 0; index < count; index++) {
        if (index == focused) {
            continue;
        }
        CBaselines_Edges candidate = CBaselines_edges(rects[index]);
        if (CBaselines_isBetterCandidate(source, candidate, best, bestIndex >= 0, direction)) {
            best = candidate;
            bestIndex = (int64_t)index;
        }
    }
    return bestIndex;
}
