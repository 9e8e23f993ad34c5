import type { InputHTMLAttributes } from 'react'
import type { FieldHandle } from './use-form'

/** A labelled input with its validation message and its state as data attributes (spec 4, 5). */
export function TextField({ field, hint, ...rest }: { field: FieldHandle; hint?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldHandle['inputProps']>) {
  const f = field.flags
  return (
    <div
      className="field"
      data-touched={f.touched}
      data-dirty={f.dirty}
      data-validated={f.validated}
      data-pending={f.pending}
      data-valid={f.valid}
      data-changed={f.changed}
      data-state={f.passed ? 'passed' : f.failed ? 'failed' : 'idle'}
    >
      <label htmlFor={field.inputProps.id}>{field.label}</label>
      <input {...rest} {...field.inputProps} />
      {hint && !field.message ? <p className="field__hint">{hint}</p> : null}
      {field.message ? (
        <p className="field__error" id={field.errorId} role="alert">
          {field.message}
        </p>
      ) : null}
    </div>
  )
}
