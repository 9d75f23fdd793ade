import { Fragment } from 'react';

/**
 * An e-mail address that wraps where a reader expects it to: before the `@`, a dot or a hyphen,
 * never inside a word nor after a hyphen (which would read as a word split for the line).
 * Each part keeps together; a column narrower than the longest part grows to it instead.
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?=[@.-])/);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never move.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
        </Fragment>
      ))}
    </>
  );
}
