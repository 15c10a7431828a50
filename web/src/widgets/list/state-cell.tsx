import { Switch, Tag } from 'antd';

/** The status column of a list page: a switch for holders of the toggle button, otherwise a tag. */
export function StateCell(props: {
  enabled: boolean;
  canToggle: boolean;
  label: string;
  enabledText: string;
  disabledText: string;
  onToggle(): void;
}) {
  if (props.canToggle) {
    return (
      <Switch
        size="small"
        checked={props.enabled}
        aria-label={props.label}
        onClick={(_, event) => {
          // Rows of tree tables expand on click; the switch must not.
          event.stopPropagation();
          props.onToggle();
        }}
      />
    );
  }
  return props.enabled ? (
    <Tag color="success">{props.enabledText}</Tag>
  ) : (
    <Tag color="error">{props.disabledText}</Tag>
  );
}
