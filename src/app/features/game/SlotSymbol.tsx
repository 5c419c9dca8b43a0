import type { ReactNode } from 'react';

/** Reel symbols drawn inline, so they look the same on every device whatever its fonts. */
export function SlotSymbol({ name, label }: { name: string; label: string }) {
  const art: Record<string, ReactNode> = {
    '7': (
      <text x="50" y="80" textAnchor="middle" fontSize="84" fontWeight="900" fontFamily="Georgia, serif" fill="#d62828" stroke="#7a0c0c" strokeWidth="3">
        7
      </text>
    ),
    BAR: (
      <g>
        <rect x="8" y="32" width="84" height="36" rx="6" fill="#14171f" />
        <text x="50" y="60" textAnchor="middle" fontSize="26" fontWeight="900" fill="#fff" fontFamily="system-ui, sans-serif">
          BAR
        </text>
      </g>
    ),
    BELL: (
      <g>
        <path d="M50 14c-16 0-26 13-26 30v18l-8 12h68l-8-12V44c0-17-10-30-26-30z" fill="#f2b705" stroke="#9a6b00" strokeWidth="3" />
        <circle cx="50" cy="82" r="8" fill="#9a6b00" />
      </g>
    ),
    CHERRY: (
      <g>
        <path d="M34 62C38 40 50 24 70 14M66 62C64 44 66 30 70 14" stroke="#2e7d32" strokeWidth="5" fill="none" strokeLinecap="round" />
        <circle cx="32" cy="70" r="17" fill="#c1121f" />
        <circle cx="66" cy="72" r="17" fill="#e63946" />
        <circle cx="26" cy="64" r="4" fill="#fff" opacity=".6" />
      </g>
    ),
    LEMON: (
      <g>
        <ellipse cx="50" cy="52" rx="36" ry="27" fill="#f7d02c" stroke="#b99500" strokeWidth="3" />
        <ellipse cx="38" cy="44" rx="9" ry="5" fill="#fff" opacity=".5" />
      </g>
    ),
  };
  return (
    <svg viewBox="0 0 100 100" width="100%" height="100%" role="img" aria-label={label}>
      {art[name] ?? (
        <text x="50" y="60" textAnchor="middle" fontSize="20">
          {name}
        </text>
      )}
    </svg>
  );
}
