// After a submit that failed (the browser's rules, react-admin's validators or the server's per-field errors),
// the form scrolls to its first field in error and focuses it. react-hook-form already does so for the
// validators; the server's errors arrive after the submit, when nothing would move.
import { useEffect, useRef } from 'react';
import { SimpleForm as RaSimpleForm, type SimpleFormProps } from 'react-admin';
import { useFormState } from 'react-hook-form';

/** Put inside a form (any react-admin form or <Form>). */
export function FocusFirstError() {
  const { errors, submitCount, isSubmitting } = useFormState();
  const anchor = useRef<HTMLSpanElement>(null);
  const handled = useRef(0);
  const failed = Object.keys(errors).length > 0;
  useEffect(() => {
    if (isSubmitting || !failed || handled.current === submitCount) return;
    handled.current = submitCount;
    // After the error texts render (they may move the fields).
    requestAnimationFrame(() => {
      const field = anchor.current?.closest('form')?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!field || field.contains(document.activeElement)) return;
      field.scrollIntoView({ block: 'center' });
      field.focus({ preventScroll: true });
    });
  }, [isSubmitting, failed, submitCount]);
  return <span ref={anchor} hidden />;
}

/** react-admin's SimpleForm that focuses its first error after a failed submit. */
export function SimpleForm({ children, ...props }: SimpleFormProps) {
  return (
    <RaSimpleForm {...props}>
      {children}
      <FocusFirstError />
    </RaSimpleForm>
  );
}
