import { Icon, type IconProps } from '../../components/icons';

/** Icons of the capacity screens. */

export function SeatsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 11V7a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v4" />
      <path d="M3 11h18v5H3zM5 16v3M19 16v3" />
    </Icon>
  );
}
