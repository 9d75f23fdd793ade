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
