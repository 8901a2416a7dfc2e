/** Spec: when a video ends the next plays; after the last it wraps to the first. */
export function nextVideoIndex(current: number, count: number): number {
  if (count <= 0) return 0;
  return (current + 1) % count;
}

/** No autoplaying video for visitors who ask for less motion or less data. */
export function shouldAutoplayVideo(signals: { prefersReducedMotion: boolean; saveData: boolean }): boolean {
  return !signals.prefersReducedMotion && !signals.saveData;
}
