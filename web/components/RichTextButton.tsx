import { UnstyledButton } from '@mantine/core';
import { useRichTextEditorContext } from '@mantine/tiptap';
import { type Editor, useEditorState } from '@tiptap/react';
import type { ReactNode } from 'react';

/**
 * A button of a rich-text editor's toolbar, inside Mantine's `RichTextEditor` and drawn as its
 * own controls are. Named by `label` (also its tooltip); with `isActive` it is a toggle whose
 * `aria-pressed` is always true or false (Mantine's controls leave it out when not pressed, so
 * a screen reader cannot tell that they toggle). It keeps the editor's selection: pressing it
 * does not take the focus from the text, and `run` acts on what is selected.
 */
export function RichTextButton({
  editor,
  label,
  isActive,
  run,
  children,
}: {
  editor: Editor | null;
  label: string;
  isActive?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
  children: ReactNode;
}) {
  const context = useRichTextEditorContext();
  const active = useEditorState({
    editor,
    selector: (state) =>
      isActive && state.editor && !state.editor.isDestroyed ? isActive(state.editor) : false,
  });
  const pressed = isActive ? (active ?? false) : undefined;
  return (
    <UnstyledButton
      {...context.getStyles('control')}
      variant={context.variant || 'default'}
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      data-rich-text-editor-control
      data-interactive
      data-active={pressed || undefined}
      data-disabled={editor ? undefined : true}
      disabled={!editor}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        if (editor && !editor.isDestroyed) run(editor);
      }}
    >
      {children}
    </UnstyledButton>
  );
}
