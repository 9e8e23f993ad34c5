/**
 * R9: the promo slider's swipe rule. A swipe shorter than the long-swipe threshold
 * (300 ms) moves one slide in its direction once it travelled a little; a longer drag settles
 * on the slide nearest to where it was released. Pure.
 */
export interface SwipeInput {
  /** The absolute index the drag started on. */
  startIdx: number
  /** The absolute index nearest to the release position. */
  nearestIdx: number
  /** Distance dragged, in slide widths (positive: towards the next slide). */
  delta: number
  elapsedMs: number
  longSwipeMs: number
  /** Below this many slide widths a short swipe is a tap, not a swipe. */
  minDelta?: number
}

export function swipeTarget(input: SwipeInput): number {
  const min = input.minDelta ?? 0.03
  if (input.elapsedMs >= input.longSwipeMs) return input.nearestIdx
  if (Math.abs(input.delta) < min) return input.startIdx
  return input.startIdx + (input.delta > 0 ? 1 : -1)
}

/** The real slide (0…count-1) of an absolute index of a looping slider. */
export function relativeIndex(abs: number, count: number): number {
  return ((abs % count) + count) % count
}
