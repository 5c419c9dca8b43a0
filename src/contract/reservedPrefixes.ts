/**
 * Top-level paths the server or the app serves: never a site's prefix (the database refuses them
 * too, constraint site_prefix_reserved).
 */
export const reservedPrefixes = ['admin', 'api', 'ws', 'assets', 'icons', 'media', 'metrics', 'platform'] as const;

/** Whether a path's first segment is one of those: never a site's. */
export const isReservedPrefix = (prefix: string) => (reservedPrefixes as readonly string[]).includes(prefix);
