/**
 * The components of the buyer's pages (decision 034): the event page, checkout and what the
 * first download shows (loader, error page, offline notice, toasts). Plain elements and three
 * style sheets (tokens and layout, controls, feedback), no Mantine: the organizer app keeps
 * Mantine, loaded with its own code.
 */
import './base.css';
import './controls.css';
import './feedback.css';

export { Button, ButtonLink, type ButtonSize, type ButtonVariant, buttonLook, IconButton } from './buttons';
export { Dialog } from './Dialog';
export { Alert, type AlertTone, Badge, CenteredLoader, EmptyState, Loader, Skeleton } from './feedback';
export {
  Checkbox,
  CheckboxGroup,
  type FieldProps,
  type Option,
  RadioGroup,
  Select,
  Textarea,
  TextInput,
} from './fields';
export { Card, Columns, Container, Divider, type Gap, Group, Stack } from './layout';
export { ANCHOR_CLASS, Text, Title, type Tone, VisuallyHidden } from './text';
