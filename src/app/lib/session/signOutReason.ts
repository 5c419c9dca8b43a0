export type SignOutReason = 'user' | 'elsewhere' | 'expired' | 'forced' | 'inspect' | 'protection';
