import { type ComponentProps, type ReactNode, useId } from 'react';

/**
 * What every field shows around its control: a label (with a red asterisk, hidden from screen
 * readers, when required), a description and an error, the last two tied to the control by
 * `aria-describedby`. `error: true` marks the control invalid without words of its own (an
 * address line whose fieldset says what is wrong).
 */
export interface FieldProps {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  id?: string;
}

function useField({ id, description, error }: FieldProps) {
  const own = useId();
  const controlId = id ?? own;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error && error !== true ? `${controlId}-error` : undefined;
  const describedBy = [errorId, descriptionId].filter(Boolean).join(' ') || undefined;
  return { controlId, descriptionId, errorId, describedBy, invalid: Boolean(error) };
}

function Asterisk({ required }: { required?: boolean }) {
  return required ? (
    <span className="ui-required" aria-hidden="true">
      {' *'}
    </span>
  ) : null;
}

function Frame({
  props,
  ids,
  children,
}: {
  props: FieldProps;
  ids: ReturnType<typeof useField>;
  children: ReactNode;
}) {
  return (
    <div className="ui-field">
      <label className="ui-label" htmlFor={ids.controlId}>
        {props.label}
        <Asterisk required={props.required} />
      </label>
      {props.description ? (
        <p className="ui-description" id={ids.descriptionId}>
          {props.description}
        </p>
      ) : null}
      {children}
      {ids.errorId ? (
        <p className="ui-error" id={ids.errorId}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

type Control<T> = Omit<T, 'id'> & FieldProps;

/** The attributes every text-like control takes from its field. */
function controlAttributes(field: FieldProps, ids: ReturnType<typeof useField>) {
  return {
    className: 'ui-input',
    id: ids.controlId,
    required: field.required,
    'aria-invalid': ids.invalid || undefined,
    'aria-describedby': ids.describedBy,
  };
}

function split<T extends FieldProps>({ label, description, error, required, id, ...rest }: T) {
  return { field: { label, description, error, required, id }, rest };
}

export function TextInput(props: Control<ComponentProps<'input'>>) {
  const { field, rest } = split(props);
  const ids = useField(field);
  return (
    <Frame props={field} ids={ids}>
      <input {...controlAttributes(field, ids)} {...rest} />
    </Frame>
  );
}

/** A text area that grows with its text where the browser can (CSS `field-sizing`). */
export function Textarea(props: Control<ComponentProps<'textarea'>>) {
  const { field, rest } = split(props);
  const ids = useField(field);
  return (
    <Frame props={field} ids={ids}>
      <textarea rows={3} {...controlAttributes(field, ids)} {...rest} />
    </Frame>
  );
}

export interface Option {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  testId?: string;
  /** Shown, but cannot be chosen now (a radio or checkbox group's). */
  disabled?: boolean;
}

/** The browser's own select: on a phone, its own picker. */
export function Select({
  options,
  ...props
}: Control<ComponentProps<'select'>> & { options: { value: string; label: string }[] }) {
  const { field, rest } = split(props);
  const ids = useField(field);
  return (
    <Frame props={field} ids={ids}>
      <select {...controlAttributes(field, ids)} {...rest}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** One checkbox with its label beside it. */
export function Checkbox({
  label,
  error,
  ...rest
}: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; error?: ReactNode }) {
  const own = useId();
  const errorId = error && error !== true ? `${rest.id ?? own}-error` : undefined;
  return (
    <div className="ui-field">
      <label className="ui-choice">
        <input type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={errorId} {...rest} />
        <span>{label}</span>
      </label>
      {errorId ? (
        <p className="ui-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface GroupProps extends FieldProps {
  options: Option[];
  /** Each choice a bordered card (payment methods). */
  cards?: boolean;
  testId?: string;
}

/**
 * Choices in a fieldset whose legend is the label: radio buttons (one value) or checkboxes
 * (several). The description and error are tied to the fieldset.
 */
function ChoiceGroup({
  kind,
  checked,
  onToggle,
  props,
}: {
  kind: 'radio' | 'checkbox';
  checked: (value: string) => boolean;
  onToggle: (value: string, on: boolean) => void;
  props: GroupProps;
}) {
  const ids = useField(props);
  return (
    <fieldset
      className="ui-field"
      id={ids.controlId}
      aria-describedby={ids.describedBy}
      aria-invalid={ids.invalid || undefined}
      data-testid={props.testId}
    >
      <legend className="ui-label">
        {props.label}
        <Asterisk required={props.required} />
      </legend>
      {props.description ? (
        <p className="ui-description" id={ids.descriptionId}>
          {props.description}
        </p>
      ) : null}
      <div className="ui-choices" data-gap={props.cards ? 'sm' : undefined}>
        {props.options.map((option) => (
          <label
            key={option.value}
            className="ui-choice"
            data-card={props.cards ? '' : undefined}
            data-testid={option.testId}
          >
            <input
              type={kind}
              name={ids.controlId}
              value={option.value}
              checked={checked(option.value)}
              disabled={option.disabled}
              onChange={(e) => onToggle(option.value, e.currentTarget.checked)}
            />
            <span>
              {option.label}
              {option.description ? <span className="ui-description">{option.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {ids.errorId ? (
        <p className="ui-error" id={ids.errorId}>
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function RadioGroup({
  value,
  onChange,
  ...props
}: GroupProps & { value: string; onChange: (value: string) => void }) {
  return (
    <ChoiceGroup
      kind="radio"
      props={props}
      checked={(option) => option === value}
      onToggle={(option) => onChange(option)}
    />
  );
}

export function CheckboxGroup({
  value,
  onChange,
  ...props
}: GroupProps & { value: string[]; onChange: (value: string[]) => void }) {
  return (
    <ChoiceGroup
      kind="checkbox"
      props={props}
      checked={(option) => value.includes(option)}
      onToggle={(option, on) =>
        onChange(on ? [...value.filter((v) => v !== option), option] : value.filter((v) => v !== option))
      }
    />
  );
}
