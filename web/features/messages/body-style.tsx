import { Box } from '@mantine/core';

/** The class of a message body, in the editor and on the message page. */
export const MESSAGE_HTML_CLASS = 'message-html';

/**
 * Underlined links in a message body: told apart from the text by more than their colour.
 * React hoists the rule once into the document's head.
 */
export function MessageHtmlStyle() {
  return (
    <style href="message-html" precedence="default">
      {`.${MESSAGE_HTML_CLASS} a{text-decoration:underline}.${MESSAGE_HTML_CLASS}>:first-child{margin-top:0}`}
    </style>
  );
}

/**
 * A message body as the server stored or filled it in. Only HTML from the server goes here: it
 * sanitizes message bodies as it does descriptions (decision 003) and escapes what it fills in.
 */
export function MessageBodyView({ html, testId }: { html: string; testId: string }) {
  return (
    <>
      <MessageHtmlStyle />
      <Box
        className={`event-description ${MESSAGE_HTML_CLASS}`}
        data-testid={testId}
        style={{ lineHeight: 1.6, overflowWrap: 'anywhere' }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitized HTML only (see above).
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}
