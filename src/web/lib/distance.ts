/** Distances as people read them ("about 1.5 km"); free of imports so cards on the home page can use it. */

/** "about 1.5 km", "about 12 km", or "about 300 m" under 1 km, for a distance in km. */
export function aboutDistance(km: number): string {
  if (km < 1) return `about ${Math.max(100, Math.round(km * 10) * 100)} m`;
  return `about ${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}
