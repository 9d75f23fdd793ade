import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useRef, useState } from 'react';
import { LIMITS } from '../../../common/limits';
import { errorMessage } from '../../components/api-error';
import { CheckIcon } from '../../components/icons';
import { Button, Group, Stack, Text } from '../../ui';
import { checkPromoCode, type PublicTickets } from './api';

interface Props {
  eventId: string;
  /** The code in the page's address, if any. */
  linkCode: string | undefined;
  /** What the tickets call said about that code (null while none is applied or loading). */
  result: PublicTickets['promo_code'] | undefined;
  onApply: (code: string) => void;
  onRemove: () => void;
}

const CODE_SHAPE = new RegExp(`^[A-Za-z0-9_-]{${LIMITS.promoCode.min},${LIMITS.promoCode.max}}$`);

/**
 * "Have a promo code?": checks the code with the public call and, when it can be used, puts it
 * in the address so the tickets are fetched again with it; a code that cannot be used is said so.
 */
export function PromoCodeBox({ eventId, linkCode, result, onApply, onRemove }: Props) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const invalid = t`This promo code is invalid or not recognized.`;

  if (result?.valid) {
    return (
      <Group gap="sm" justify="between" role="status" data-testid="promo-code-applied">
        <Group gap="xs" nowrap>
          <CheckIcon aria-hidden color="var(--ui-success)" />
          <Text size="sm">
            <Trans>
              Promo code <strong>{result.code}</strong> applied
            </Trans>
          </Text>
        </Group>
        <Button variant="subtle" size="xs" onClick={onRemove}>
          <Trans>Remove code</Trans>
        </Button>
      </Group>
    );
  }

  // A code from a shared link that no longer works is said at once, until the visitor types.
  const linkInvalid = Boolean(linkCode) && result?.valid === false;
  const shownError = error ?? (linkInvalid && value === '' ? invalid : null);

  if (!open && !linkInvalid) {
    return (
      <Group>
        <Button
          variant="subtle"
          size="xs"
          className="promo-toggle"
          onClick={() => {
            setOpen(true);
            requestAnimationFrame(() => input.current?.focus());
          }}
        >
          <Trans>Have a promo code?</Trans>
        </Button>
      </Group>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const code = value.trim();
    if (code === '') {
      setError(t`Enter a promo code.`);
      input.current?.focus();
      return;
    }
    if (!CODE_SHAPE.test(code)) {
      setError(invalid);
      input.current?.focus();
      return;
    }
    setChecking(true);
    setError(null);
    try {
      if (await checkPromoCode(eventId, code)) {
        setValue('');
        setOpen(false);
        onApply(code.toUpperCase());
      } else {
        setError(invalid);
        input.current?.focus();
      }
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setChecking(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="2xs">
        <label htmlFor={inputId} className="ui-label">
          <Trans>Promo code</Trans>
        </label>
        <Group gap="sm" nowrap>
          <input
            ref={input}
            id={inputId}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? errorId : undefined}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={100}
            className="ui-input promo-input"
          />
          <Button type="submit" loading={checking}>
            <Trans>Apply</Trans>
          </Button>
        </Group>
        {shownError ? (
          <Text id={errorId} role="alert" size="sm" tone="error">
            {shownError}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
