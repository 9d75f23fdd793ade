// The editor and its styles load with the settings page's chunk only: an organizer screen, never
// the public event page or checkout.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Typography.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/tiptap/styles.css';
import { useLingui } from '@lingui/react/macro';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { createDocument, type Editor, useEditor } from '@tiptap/react';
import { type CSSProperties, type ReactNode, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ClearFormattingIcon, NumberedListIcon } from '../../components/organizer-icons';
import { RichTextButton } from '../../components/RichTextButton';
import { LinkControl } from '../../components/RichTextLinkControl';
import { DESCRIPTION_EXTENSIONS } from './description-extensions';

const HTML_CLASS = 'description-html';

/**
 * A small rich-text editor on TipTap: bold, italic, a heading, paragraphs, lists and links,
 * kept as HTML (the server sanitizes it; the editor writes only what it keeps). The editable
 * area is a labelled multi-line text box; the toolbar is a named group of labelled buttons,
 * each reachable with Tab, the toggles saying whether they are pressed.
 */
export function RichTextField({
  label,
  description,
  value,
  onChange,
  error,
}: {
  label: string;
  description?: string;
  value: string;
  onChange: (html: string) => void;
  error?: ReactNode;
}) {
  const { t } = useLingui();
  const labelId = useId();
  const descriptionId = useId();
  const errorId = useId();

  const describedBy = [description ? descriptionId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const invalid = Boolean(error);
  const editorProps = useMemo(
    () => ({
      attributes: {
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        'aria-multiline': 'true',
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        'data-testid': 'rich-text',
      },
    }),
    [labelId, describedBy, invalid],
  );

  // The editor owns its content while typing: what it sent comes back as `value` and is not
  // written back, or the caret would jump. Another value (a reset, the event loaded again)
  // replaces the content, unless it is the same document written another way (the server's
  // copy of what was typed). The check runs as the render commits, before anyone types more.
  const sent = useRef(value);
  const [initialContent] = useState(value);
  const editor = useEditor({
    extensions: DESCRIPTION_EXTENSIONS,
    content: initialContent,
    editorProps,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      sent.current = html;
      onChange(html);
    },
  });
  const synced = useRef<Editor | null>(null);
  useLayoutEffect(() => {
    if (!editor || editor.isDestroyed) return;
    // A new editor starts from the first value: it takes the current one whatever was sent.
    const fresh = synced.current !== editor;
    synced.current = editor;
    if (!fresh && value === sent.current) return;
    sent.current = value;
    if (createDocument(value, editor.schema).eq(editor.state.doc)) return;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [value, editor]);

  // A letter stands for its button as the field always showed it, hidden from screen readers,
  // which read the name. Glyphs of two characters would be read as the buttons' visible
  // labels (WCAG 2.5.3, label in name): those are drawn as icons.
  const glyph = (text: string, style?: CSSProperties) => (
    <span aria-hidden="true" style={{ fontSize: 'var(--mantine-font-size-sm)', lineHeight: 1, ...style }}>
      {text}
    </span>
  );

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: labelId, component: 'div', onClick: () => editor?.commands.focus() }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
    >
      <RichTextEditor
        editor={editor}
        mt={4}
        style={error ? { borderColor: 'var(--mantine-color-red-7)' } : undefined}
      >
        <RichTextEditor.Toolbar role="toolbar" aria-label={t`Formatting`}>
          <RichTextEditor.ControlsGroup>
            <RichTextButton
              editor={editor}
              label={t`Bold`}
              isActive={(e) => e.isActive('bold')}
              run={(e) => e.chain().focus().toggleBold().run()}
            >
              {glyph('B', { fontWeight: 800 })}
            </RichTextButton>
            <RichTextButton
              editor={editor}
              label={t`Italic`}
              isActive={(e) => e.isActive('italic')}
              run={(e) => e.chain().focus().toggleItalic().run()}
            >
              {glyph('I', { fontStyle: 'italic', fontFamily: 'Georgia, serif' })}
            </RichTextButton>
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextButton
              editor={editor}
              label={t`Heading`}
              isActive={(e) => e.isActive('heading', { level: 3 })}
              run={(e) => e.chain().focus().toggleHeading({ level: 3 }).run()}
            >
              {glyph('H', { fontWeight: 700 })}
            </RichTextButton>
            <RichTextButton
              editor={editor}
              label={t`Paragraph`}
              run={(e) => e.chain().focus().setParagraph().run()}
            >
              {glyph('¶')}
            </RichTextButton>
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextButton
              editor={editor}
              label={t`Bulleted list`}
              isActive={(e) => e.isActive('bulletList')}
              run={(e) => e.chain().focus().toggleBulletList().run()}
            >
              {glyph('•', { fontSize: 20 })}
            </RichTextButton>
            <RichTextButton
              editor={editor}
              label={t`Numbered list`}
              isActive={(e) => e.isActive('orderedList')}
              run={(e) => e.chain().focus().toggleOrderedList().run()}
            >
              <NumberedListIcon size={16} />
            </RichTextButton>
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <LinkControl editor={editor} />
            <RichTextButton
              editor={editor}
              label={t`Remove formatting`}
              run={(e) => e.chain().focus().unsetAllMarks().clearNodes().run()}
            >
              <ClearFormattingIcon size={16} />
            </RichTextButton>
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content
          mih={160}
          fz="sm"
          className={HTML_CLASS}
          style={{ overflowWrap: 'anywhere' }}
        />
      </RichTextEditor>
      {/* Underlined links, told apart from the text by more than their colour, as on the event
          page. React hoists the rule once into the document's head. */}
      <style href={HTML_CLASS} precedence="default">
        {`.${HTML_CLASS} a{text-decoration:underline}`}
      </style>
    </Input.Wrapper>
  );
}
