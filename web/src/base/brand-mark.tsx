/** The product's logo mark (a speech bubble with a spark: intelligent Q&A). */
export function BrandMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  const background = inverted ? '#ffffff' : '#1890ff';
  const foreground = inverted ? '#1890ff' : '#ffffff';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={background} />
      <path
        d="M8 10.5A2.5 2.5 0 0 1 10.5 8h11A2.5 2.5 0 0 1 24 10.5v7a2.5 2.5 0 0 1-2.5 2.5H15l-4.5 4v-4A2.5 2.5 0 0 1 8 17.5z"
        fill={foreground}
      />
      <circle cx="12.5" cy="14" r="1.5" fill={background} />
      <circle cx="16" cy="14" r="1.5" fill={background} />
      <circle cx="19.5" cy="14" r="1.5" fill={background} />
    </svg>
  );
}
