import type { LightIconData } from './light-icons';

/**
 * An antd outlined icon drawn from its path data alone, without @ant-design/icons' runtime (style
 * injection, context): the sign-in page keeps antd out of its first load. Same markup and box as
 * antd's `<span class="anticon">` (the box's rules are in login.css).
 */
export function LightIcon({ icon, hidden }: { icon: LightIconData; hidden?: boolean }) {
  return (
    <span
      role="img"
      aria-label={icon.name}
      aria-hidden={hidden || undefined}
      className={`anticon anticon-${icon.name} light-icon`}
    >
      <svg
        viewBox={icon.viewBox}
        focusable="false"
        data-icon={icon.name}
        width="1em"
        height="1em"
        fill="currentColor"
        aria-hidden="true"
      >
        {icon.paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
}
