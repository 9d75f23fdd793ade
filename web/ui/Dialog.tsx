import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal dialog: the browser's own `<dialog>` shown with `showModal()`, which keeps focus
 * inside, makes the rest of the page inert, closes on Escape and gives focus back where it
 * was. `onClose` is called for Escape and the close button; the caller decides `opened`.
 */
export function Dialog({
  opened,
  onClose,
  title,
  closeLabel,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (opened && !dialog.open) dialog.showModal();
    if (!opened && dialog.open) dialog.close();
  }, [opened]);
  return (
    <dialog
      ref={ref}
      className="ui-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {opened ? (
        <>
          <div className="ui-dialog-header">
            <h2 className="ui-dialog-title" id={titleId}>
              {title}
            </h2>
            <button type="button" className="ui-close" aria-label={closeLabel} onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {children}
        </>
      ) : null}
    </dialog>
  );
}
