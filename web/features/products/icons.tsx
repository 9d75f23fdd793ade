import { Icon, type IconProps } from '../../components/icons';

export function BagIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 7h12l1 13H5z" />
      <path d="M9 7a3 3 0 0 1 6 0" />
    </Icon>
  );
}
