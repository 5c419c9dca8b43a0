/**
 * Top-level paths the server or the app serves: never a site's prefix (the database refuses them
 * too, constraint site_prefix_reserved).
 */
export const reservedPrefixes = ['admin', 'api', 'ws', 'assets', 'icons', 'media', 'metrics', 'platform'] as const;
