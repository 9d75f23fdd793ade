import { type AnyExtension, Mark, Node } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/**
 * A mark written as one element with no attributes. Descriptions may hold these (the server
 * keeps them: server/text/description.ts) although the toolbar does not make them; without a
 * mark of its own the editor would drop them from a description the first time it is edited.
 */
function plainMark(name: string, tag: string) {
  return Mark.create({
    name,
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });
}

/** An image as the server keeps it (address, text and size only), so an edit keeps it too. */
const Image = Node.create({
  name: 'image',
  group: 'inline',
  inline: true,
  atom: true,
  draggable: true,
  addAttributes: () => ({
    src: { default: null },
    alt: { default: null },
    width: { default: null },
    height: { default: null },
  }),
  parseHTML: () => [{ tag: 'img[src]' }],
  renderHTML: ({ HTMLAttributes }) => ['img', HTMLAttributes],
});

/**
 * What the event description's editor reads and writes: paragraphs, headings 2 to 4, emphasis,
 * lists, quotes, code, rules, line breaks, links and the rest the server's policy keeps, and
 * nothing it drops (no h1, h5, h6, styles or classes).
 */
export const DESCRIPTION_EXTENSIONS: AnyExtension[] = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
    // No empty paragraph kept after a closing list or heading: it would be saved with the text
    // and show as a blank line on the event page. Enter on an empty item leaves a list.
    trailingNode: false,
  }),
  Image,
  plainMark('highlight', 'mark'),
  plainMark('subscript', 'sub'),
  plainMark('superscript', 'sup'),
];
