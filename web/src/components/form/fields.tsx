import { IconX } from '@tabler/icons-react';
import { createContext, useContext, useState, type ReactElement, type ReactNode } from 'react';
import { Controller, useFormContext, type ControllerFieldState, type ControllerRenderProps, type FieldValues } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Combobox, type ComboboxOption, type ComboboxTexts } from '@/components/ui/combobox';
import { FormField } from '@/components/ui/form-field';
import { Input, selectClass, textareaClass } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import { applyMask, maskDecimal, maskOf } from '@/lib/masks';
import { searchKey, searchNamed, useNamedRecord } from '@/lib/record-api';
import { DateInput } from './date-input';

/**
 * The form kit: every field bound to the form context (react-hook-form's `FormProvider`) by its
 * name, with its label (a `*` when required and editable), its hint and its message under it.
 * A form wraps its fields in `FormFields`, which says whether they are read only, which are
 * required and the texts of the reference pickers (each feature's own namespace).
 */
export interface ReferenceTexts extends ComboboxTexts {
  /** The multi-reference's picker ("Adicionar…"). */
  add?: string;
  /** A chosen chip's remove button. */
  remove?(name: string): string;
}

/**
 * A form's reference-picker texts: the search, empty, loading and failed lines from the feature's
 * own `combobox.*` keys, beside what each form words its own way (the placeholder, the "none" choice).
 */
export function referenceTextsOf(t: (key: string) => string, own: Pick<ReferenceTexts, 'placeholder'> & Partial<ReferenceTexts>): ReferenceTexts {
  return { search: t('combobox.search'), empty: t('combobox.empty'), loading: t('combobox.loading'), failed: t('combobox.failed'), ...own };
}

interface FieldsOptions {
  readOnly: boolean;
  required: ReadonlySet<string>;
  reference?: ReferenceTexts;
}

const FieldsContext = createContext<FieldsOptions>({ readOnly: false, required: new Set() });

export function FormFields({ readOnly = false, required = new Set(), reference, children }: { readOnly?: boolean; required?: ReadonlySet<string>; reference?: ReferenceTexts; children: ReactNode }) {
  return <FieldsContext value={{ readOnly, required, reference }}>{children}</FieldsContext>;
}

export const useFieldsOptions = () => useContext(FieldsContext);


/** A field's message: the rules' and the API's messages are the server's texts, shown in the user's language. */
// The form's resolver and the API's field errors are already in the user's language.
export const fieldError = (state: ControllerFieldState) => state.error?.message || undefined;

interface BaseProps {
  name: string;
  label: string;
  hint?: ReactNode;
  className?: string;
}

/** One field bound to the form: its controller, its frame (label, hint, message) and its control. */
function BoundField({ name, label, hint, className, children }: BaseProps & { children(field: ControllerRenderProps<FieldValues, string>, readOnly: boolean): ReactElement<{ id?: string }> }) {
  const { control } = useFormContext();
  const { readOnly, required } = useFieldsOptions();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormField label={required.has(name) && !readOnly ? `${label} *` : label} error={fieldError(fieldState)} hint={readOnly ? undefined : hint} className={className}>
          {children(field, readOnly)}
        </FormField>
      )}
    />
  );
}

export interface TextFieldProps extends BaseProps {
  /** `password`: a credential typed once (a provider's token), never filled in by the browser. */
  type?: 'text' | 'email' | 'password';
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email';
  maxLength?: number;
  placeholder?: string;
  /** Reshapes what was typed (a mask, upper case, digits only). */
  shape?(typed: string): string;
  /** Called after each change with the shaped value (the CEP lookup). */
  onValue?(value: string): void;
  mono?: boolean;
  /** Room at the end of the input for an indicator (the CEP lookup's spinner). */
  end?: boolean;
}

export function TextField({ type = 'text', inputMode, maxLength, placeholder, shape, onValue, mono, end, ...base }: TextFieldProps) {
  return (
    <BoundField {...base}>
      {(field, readOnly) => (
        <Input
          name={base.name}
          type={type}
          inputMode={inputMode}
          maxLength={maxLength}
          placeholder={placeholder}
          readOnly={readOnly}
          autoComplete={type === 'password' ? 'new-password' : 'off'}
          className={cn(mono && 'font-mono', end && 'pe-9')}
          value={String(field.value ?? '')}
          onChange={(e) => {
            const value = shape ? shape(e.target.value) : e.target.value;
            field.onChange(value);
            onValue?.(value);
          }}
          onBlur={field.onBlur}
          ref={field.ref}
        />
      )}
    </BoundField>
  );
}

/** A text with a mask (`#` digit, `@` letter, `*` either; two masks: the first while it fits). */
export function MaskedField({ mask, ...props }: Omit<TextFieldProps, 'shape'> & { mask: string | readonly string[] }) {
  return <TextField {...props} shape={(typed) => applyMask(typed, maskOf(mask, typed))} />;
}

/** A decimal typed with a comma, at most `scale` places (the value stays the typed text; the schema reads it); `signed` takes a leading minus. */
export function DecimalField({ scale, signed = false, placeholder = '0,00', ...props }: Omit<TextFieldProps, 'shape' | 'inputMode'> & { scale: number; signed?: boolean }) {
  return <TextField {...props} inputMode={signed ? undefined : 'decimal'} placeholder={placeholder} shape={(typed) => maskDecimal(typed, scale, signed)} />;
}

export function TextAreaField({ maxLength, ...base }: BaseProps & { maxLength?: number }) {
  return (
    <BoundField {...base}>
      {(field, readOnly) => <textarea className={textareaClass} name={base.name} maxLength={maxLength} readOnly={readOnly} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />}
    </BoundField>
  );
}

/** A native select; `empty` is the first option, meaning none (''). */
export function SelectField({ options, empty, ...base }: BaseProps & { options: readonly { value: string; label: string }[]; empty?: string }) {
  return (
    <BoundField {...base}>
      {(field, readOnly) => (
        <select className={selectClass} name={base.name} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} disabled={readOnly} ref={field.ref}>
          {empty !== undefined && <option value="">{empty}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </BoundField>
  );
}

/** A date typed in the user's date format (`formatoData`); the form holds `yyyy-MM-dd`. */
export function DateField(base: BaseProps) {
  return <BoundField {...base}>{(field, readOnly) => <DateInput name={base.name} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} readOnly={readOnly} ref={field.ref} />}</BoundField>;
}

/**
 * An on/off switch with its label beside it (`inline`: no room kept above it for a label); `hint`
 * is a line under the label that says what the switch does (the switch is described by it).
 */
export function SwitchField({ name, label, inline = false, hint }: { name: string; label: string; inline?: boolean; hint?: ReactNode }) {
  const { control } = useFormContext();
  const { readOnly } = useFieldsOptions();
  const id = `field-${name.replace(/\./g, '-')}`;
  const hintId = `${id}-hint`;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <div className={cn('flex gap-3 pt-1', hint ? 'items-start' : 'items-center', !inline && 'sm:pt-7')}>
          <Switch id={id} checked={field.value === true} onCheckedChange={(v) => field.onChange(v)} disabled={readOnly} aria-invalid={fieldState.error ? true : undefined} aria-describedby={hint ? hintId : undefined} ref={field.ref} />
          {hint ? (
            <div className="flex min-w-0 flex-col gap-0.5">
              <label htmlFor={id} className="text-sm">
                {label}
              </label>
              <p id={hintId} className="text-xs text-muted-foreground">
                {hint}
              </p>
            </div>
          ) : (
            <label htmlFor={id} className="text-sm">
              {label}
            </label>
          )}
          {fieldState.error && <p className="text-xs font-medium text-destructive">{fieldError(fieldState)}</p>}
        </div>
      )}
    />
  );
}

/** The records a reference picks from: the API path of their list (`regions`, `users`) and extra query parameters. */
export type ReferenceSource = string | { path: string; query: Record<string, string> };
const pathOf = (source: ReferenceSource) => (typeof source === 'string' ? source : source.path);

interface ReferencePickerProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  ref?: React.Ref<HTMLButtonElement>;
  source: ReferenceSource;
  value: string | null;
  /** Names of the records chosen here (known without a read). */
  known: Record<string, string>;
  disabled?: boolean;
  texts: ComboboxTexts;
  onChange(value: string | null, option: ComboboxOption | null): void;
  onBlur?(): void;
}

/** The combobox of a reference: searches the source's records by name; a value from the server has its name read once. */
export function ReferencePicker({ source, value, known, texts, ...rest }: ReferencePickerProps) {
  const path = pathOf(source);
  const fetched = useNamedRecord(path, value && !known[value] ? value : null);
  return (
    <Combobox
      {...rest}
      value={value}
      selectedLabel={value ? (known[value] ?? fetched.data ?? null) : null}
      queryKey={searchKey(path, typeof source === 'string' ? {} : source.query)}
      search={(term, signal) => searchNamed(path, term, signal, typeof source === 'string' ? {} : source.query).then((items) => items.map((r) => ({ value: r.id, label: r.name })))}
      texts={texts}
    />
  );
}

function useReferenceTexts(): ReferenceTexts {
  const texts = useFieldsOptions().reference;
  if (!texts) throw new Error('A reference field needs the reference texts of its FormFields.');
  return texts;
}

/** A reference to a record of another module or registry: picked by name, emptied to none unless `required`. */
export function ReferenceField({ source, ...base }: BaseProps & { source: ReferenceSource }) {
  const texts = useReferenceTexts();
  const { required } = useFieldsOptions();
  const [known, setKnown] = useState<Record<string, string>>({});
  return (
    <BoundField {...base}>
      {(field, readOnly) => (
        <ReferencePicker
          source={source}
          value={(field.value as string | null) || null}
          known={known}
          disabled={readOnly}
          texts={required.has(base.name) ? { ...texts, clear: undefined } : texts}
          onChange={(value, option) => {
            if (option) setKnown((k) => ({ ...k, [option.value]: option.label }));
            field.onChange(value);
          }}
          onBlur={field.onBlur}
          ref={field.ref}
        />
      )}
    </BoundField>
  );
}

/** Several references: a picker that adds one at a time and the chosen ones as removable chips. */
export function MultiReferenceField({ source, name, label, hint, className }: BaseProps & { source: ReferenceSource }) {
  const texts = useReferenceTexts();
  const { control } = useFormContext();
  const { readOnly, required } = useFieldsOptions();
  const [known, setKnown] = useState<Record<string, string>>({});
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const ids = (field.value as string[] | undefined) ?? [];
        return (
          <div className={cn('flex flex-col gap-2', className)}>
            <FormField label={required.has(name) && !readOnly ? `${label} *` : label} error={fieldError(fieldState)} hint={readOnly ? undefined : hint}>
              <ReferencePicker
                source={source}
                value={null}
                known={known}
                disabled={readOnly}
                texts={{ ...texts, placeholder: texts.add ?? texts.placeholder, clear: undefined }}
                onChange={(value, option) => {
                  if (!value || !option) return;
                  setKnown((k) => ({ ...k, [option.value]: option.label }));
                  if (!ids.includes(value)) field.onChange([...ids, value]);
                }}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            </FormField>
            {ids.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label={label}>
                {ids.map((id) => (
                  <ReferenceChip key={id} source={source} id={id} known={known[id]} readOnly={readOnly} removeLabel={texts.remove} onRemove={() => field.onChange(ids.filter((v) => v !== id))} />
                ))}
              </ul>
            )}
          </div>
        );
      }}
    />
  );
}

function ReferenceChip({ source, id, known, readOnly, removeLabel, onRemove }: { source: ReferenceSource; id: string; known?: string; readOnly: boolean; removeLabel?(name: string): string; onRemove(): void }) {
  const fetched = useNamedRecord(pathOf(source), known ? null : id);
  const name = known ?? fetched.data ?? '…';
  return (
    <li className={cn('inline-flex items-center gap-1 rounded-full bg-muted py-1 ps-3 text-sm', readOnly ? 'pe-3' : 'pe-1')}>
      {name}
      {!readOnly && (
        <Button variant="ghost" size="sm" className="size-6 rounded-full px-0" aria-label={removeLabel ? removeLabel(name) : name} onClick={onRemove}>
          <IconX aria-hidden />
        </Button>
      )}
    </li>
  );
}
