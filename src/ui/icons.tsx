/** Line icons for feature cards and steps; decorative (aria-hidden), drawn on a 24 px grid. */
const PATHS: Record<string, string> = {
  crosshair: 'M12 3v4M12 17v4M3 12h4M17 12h4M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z',
  knife: 'M4 20l6-6M10 14l9-9c1 3 0 6-3 9l-2 2-4-2ZM4 20l2 0 0-2',
  eye: 'M2 12s3.5-6 10-6 10 6 10 6-3.5 6-10 6S2 12 2 12ZM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z',
  layers: 'M12 3 2 8l10 5 10-5-10-5ZM2 13l10 5 10-5M2 17.5l10 5 10-5',
  refresh: 'M20 11a8 8 0 0 0-14.5-4.5L4 8M4 4v4h4M4 13a8 8 0 0 0 14.5 4.5L20 16M20 20v-4h-4',
  versions: 'M4 5h10v10H4zM10 9h10v10H10z',
  download: 'M12 3v12M7 10l5 5 5-5M4 19h16',
  package: 'M12 2 3 7v10l9 5 9-5V7l-9-5ZM3 7l9 5 9-5M12 12v10',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  play: 'M7 4v16l13-8L7 4Z',
  check: 'M5 12.5l4.5 4.5L19 7',
  shield: 'M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Z',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  chevronLeft: 'M15 5l-7 7 7 7',
  chevronRight: 'M9 5l7 7-7 7',
  pause: 'M8 5v14M16 5v14',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14ZM20 20l-4-4',
  arrowRight: 'M5 12h14M13 6l6 6-6 6',
  windows: 'M3 5.5 10.5 4.5v7H3zM12 4.3 21 3v8.5h-9zM3 12.5h7.5v7L3 18.5zM12 12.5h9V21l-9-1.3z',
  zoom: 'M10 4a6 6 0 1 0 0 12 6 6 0 0 0 0-12ZM19 19l-4.5-4.5M10 7.5v5M7.5 10h5',
}

export function Icon({ name, size = 24, className }: { name: string; size?: number; className?: string }) {
  const d = PATHS[name] ?? PATHS.check!
  const filled = name === 'windows' || name === 'play'
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  )
}
