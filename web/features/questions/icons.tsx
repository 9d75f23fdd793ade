import { Icon, type IconProps } from '../../components/icons';

/** Icons of the question screens. */

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}
