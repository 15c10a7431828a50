import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { type InputHTMLAttributes, type ReactNode, useId, useRef, useState } from 'react';

/**
 * Light form fields of the sign-in page. They look like antd's large inputs but are plain
 * elements: antd's Form, Input and Checkbox would add ~50 KB gzip to the page's first load
 * (bench/scenarios/bundle.ts keeps it under 250 KB).
 */
export interface LoginInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  id: string;
  label: string;
  prefix?: ReactNode;
  error?: string | null | undefined;
  /** Password field with a show/hide toggle. */
  revealLabels?: { show: string; hide: string };
}

export function LoginInput({ id, label, prefix, error, revealLabels, type, ...rest }: LoginInputProps) {
  const [revealed, setRevealed] = useState(false);
  const errorId = useId();
  const inputType = revealLabels ? (revealed ? 'text' : 'password') : (type ?? 'text');
  return (
    <div className={`login-field${error ? ' login-field--error' : ''}`}>
      <span className="login-field__control">
        {prefix && (
          <span className="login-field__prefix" aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          {...rest}
          id={id}
          type={inputType}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="login-field__input"
        />
        {revealLabels && (
          <button
            type="button"
            className="login-field__reveal"
            aria-label={revealed ? revealLabels.hide : revealLabels.show}
            aria-pressed={revealed}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
          </button>
        )}
      </span>
      <div className="login-field__error" id={errorId} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}

export function LoginCheckbox({
  id,
  checked,
  onChange,
  children,
}: {
  id: string;
  checked: boolean;
  onChange(checked: boolean): void;
  children: ReactNode;
}) {
  return (
    <label className="login-check" htmlFor={id}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{children}</span>
    </label>
  );
}

/** Field errors of a form: shown after the first submit, then updated as the user types. */
export function useFieldErrors<F extends string>(validate: () => Partial<Record<F, string>>) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  return {
    errors,
    /** Validates everything; returns true when the form may be sent. */
    check(): boolean {
      setSubmitted(true);
      const found = validate();
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    /** Re-validates after a change once the user has tried to submit. */
    revalidate(next: () => Partial<Record<F, string>>) {
      if (submitted) setErrors(next());
    },
    setErrors,
  };
}

/**
 * Form values whose updates always build on the latest ones, even when several change events
 * arrive before React renders again (fast typing, autofill): `values` renders, `update` merges.
 */
export function useFormValues<V extends object>(initial: () => V) {
  const [values, setValues] = useState<V>(initial);
  const latest = useRef<V | null>(null);
  latest.current ??= values;
  const update = (patch: Partial<V>): V => {
    const next = { ...(latest.current as V), ...patch };
    latest.current = next;
    setValues(next);
    return next;
  };
  return [values, update] as const;
}
