import { useState, type ReactNode } from 'react';
import { Controller, useFormContext, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Combobox, type ComboboxOption, type ComboboxTexts } from '@/components/ui/combobox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Button } from '@/components/ui/button';
import { IconX } from '@tabler/icons-react';
import { cn } from '@/lib/cn';
import { searchReferences, useReferenceName, type ReferenceSource } from '../api/clients-api';
import type { ClientValues } from '../form-values';

/** What every field of the client form shares: read-only mode and the fields the company requires. */
export interface FieldsContext {
  readOnly: boolean;
  required: ReadonlySet<string>;
}

type Name = FieldPath<ClientValues>;

const selectClass = 'h-10 w-full rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-70 aria-[invalid=true]:border-destructive';
const textareaClass = 'min-h-24 w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive';

export const labelOf = (label: string, name: string, ctx: FieldsContext) => (ctx.required.has(name) && !ctx.readOnly ? `${label} *` : label);
// The form's resolver and the API's field errors are already in the user's language.
const messageOf = (m: string | undefined) => m || undefined;

interface TextFieldProps {
  name: Name;
  label: string;
  ctx: FieldsContext;
  /** Reshapes what was typed (a mask). */
  shape?(typed: string): string;
  type?: 'text' | 'email' | 'date';
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email';
  maxLength?: number;
  hint?: ReactNode;
  placeholder?: string;
  className?: string;
  /** Called after each change with the shaped value (the CEP lookup). */
  onValue?(value: string): void;
  end?: ReactNode;
}

export function TextField({ name, label, ctx, shape, type = 'text', inputMode, maxLength, hint, placeholder, className, onValue, end }: TextFieldProps) {
  const { control } = useFormContext<ClientValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormField label={labelOf(label, name, ctx)} error={messageOf(fieldState.error?.message)} hint={ctx.readOnly ? undefined : hint} className={className}>
          <Input
            name={name}
            type={type}
            inputMode={inputMode}
            maxLength={maxLength}
            placeholder={placeholder}
            readOnly={ctx.readOnly}
            autoComplete="off"
            value={String(field.value ?? '')}
            onChange={(e) => {
              const value = shape ? shape(e.target.value) : e.target.value;
              field.onChange(value);
              onValue?.(value);
            }}
            onBlur={field.onBlur}
            ref={field.ref}
            className={end ? 'pe-9' : undefined}
          />
        </FormField>
      )}
    />
  );
}

export function TextAreaField({ name, label, ctx, maxLength }: { name: Name; label: string; ctx: FieldsContext; maxLength?: number }) {
  const { control } = useFormContext<ClientValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormField label={labelOf(label, name, ctx)} error={messageOf(fieldState.error?.message)}>
          <textarea className={textareaClass} name={name} maxLength={maxLength} readOnly={ctx.readOnly} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
        </FormField>
      )}
    />
  );
}

export function SelectField({ name, label, ctx, options, empty }: { name: Name; label: string; ctx: FieldsContext; options: readonly { value: string; label: string }[]; empty?: string }) {
  const { control } = useFormContext<ClientValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormField label={labelOf(label, name, ctx)} error={messageOf(fieldState.error?.message)}>
          <select className={selectClass} name={name} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} disabled={ctx.readOnly} ref={field.ref}>
            {empty !== undefined && <option value="">{empty}</option>}
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </FormField>
      )}
    />
  );
}

export function SwitchField({ name, label, ctx }: { name: Name; label: string; ctx: FieldsContext }) {
  const { control } = useFormContext<ClientValues>();
  const id = `client-${name.replace(/\./g, '-')}`;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <div className="flex items-center gap-3 pt-1 sm:pt-7">
          <Switch id={id} checked={field.value === true} onCheckedChange={(v) => field.onChange(v)} disabled={ctx.readOnly} aria-invalid={fieldState.error ? true : undefined} ref={field.ref} />
          <label htmlFor={id} className="text-sm">
            {label}
          </label>
          {fieldState.error && <p className="text-xs font-medium text-destructive">{messageOf(fieldState.error.message)}</p>}
        </div>
      )}
    />
  );
}

function useComboTexts() {
  const { t } = useTranslation('clients');
  return {
    placeholder: t('combobox.placeholder'),
    search: t('combobox.search'),
    empty: t('combobox.empty'),
    loading: t('combobox.loading'),
    failed: t('combobox.failed'),
    clear: t('combobox.clear'),
  };
}

const toOptions = (items: { id: string; name: string }[]): ComboboxOption[] => items.map((r) => ({ value: r.id, label: r.name }));

/** A reference to another record, chosen by searching its name; shows the referenced record's name. */
export function ReferenceField({ name, label, ctx, source, hint }: { name: Name; label: string; ctx: FieldsContext; source: ReferenceSource; hint?: ReactNode }) {
  const { control } = useFormContext<ClientValues>();
  const texts = useComboTexts();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormField label={labelOf(label, name, ctx)} error={messageOf(fieldState.error?.message)} hint={ctx.readOnly ? undefined : hint}>
          <ReferenceCombobox
            source={source}
            value={(field.value as string | null) ?? null}
            known={chosen}
            disabled={ctx.readOnly}
            texts={texts}
            onChange={(value, option) => {
              if (option) setChosen((c) => ({ ...c, [option.value]: option.label }));
              field.onChange(value);
            }}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        </FormField>
      )}
    />
  );
}

interface ReferenceComboboxProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  ref?: React.Ref<HTMLButtonElement>;
  source: ReferenceSource;
  value: string | null;
  known: Record<string, string>;
  disabled?: boolean;
  texts: ComboboxTexts;
  onChange(value: string | null, option: ComboboxOption | null): void;
  onBlur?(): void;
}

/** The combobox of a reference: the name of a value chosen now is known; one read from the server is fetched. */
export function ReferenceCombobox({ source, value, known, texts, ...rest }: ReferenceComboboxProps) {
  const fetched = useReferenceName(source, value && !known[value] ? value : null);
  return (
    <Combobox
      {...rest}
      value={value}
      selectedLabel={value ? (known[value] ?? fetched.data ?? null) : null}
      queryKey={[source]}
      search={(term, signal) => searchReferences(source, term, signal).then(toOptions)}
      texts={texts}
    />
  );
}

/** Several references (payment conditions): chips of the chosen ones and a combobox to add one more. */
export function MultiReferenceField({ name, label, ctx, source, hint }: { name: Name; label: string; ctx: FieldsContext; source: ReferenceSource; hint?: ReactNode }) {
  const { t } = useTranslation('clients');
  const { control } = useFormContext<ClientValues>();
  const texts = { ...useComboTexts(), placeholder: t('combobox.add'), clear: undefined };
  const [chosen, setChosen] = useState<Record<string, string>>({});
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const ids = (field.value as string[]) ?? [];
        return (
          <div className="flex flex-col gap-2">
            <FormField label={labelOf(label, name, ctx)} error={messageOf(fieldState.error?.message)} hint={ctx.readOnly ? undefined : hint}>
              <ReferenceCombobox
                source={source}
                value={null}
                known={chosen}
                disabled={ctx.readOnly}
                texts={texts}
                onChange={(value, option) => {
                  if (!value || !option) return;
                  setChosen((c) => ({ ...c, [option.value]: option.label }));
                  if (!ids.includes(value)) field.onChange([...ids, value]);
                }}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            </FormField>
            {ids.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label={label}>
                {ids.map((id) => (
                  <ReferenceChip key={id} source={source} id={id} known={chosen[id]} readOnly={ctx.readOnly} onRemove={() => field.onChange(ids.filter((v) => v !== id))} />
                ))}
              </ul>
            )}
          </div>
        );
      }}
    />
  );
}

function ReferenceChip({ source, id, known, readOnly, onRemove }: { source: ReferenceSource; id: string; known?: string; readOnly: boolean; onRemove(): void }) {
  const { t } = useTranslation('clients');
  const fetched = useReferenceName(source, known ? null : id);
  const name = known ?? fetched.data ?? '…';
  return (
    <li className={cn('inline-flex items-center gap-1 rounded-full bg-muted py-1 ps-3 text-sm', readOnly ? 'pe-3' : 'pe-1')}>
      {name}
      {!readOnly && (
        <Button variant="ghost" size="sm" className="size-6 rounded-full px-0" aria-label={t('combobox.remove', { name })} onClick={onRemove}>
          <IconX aria-hidden />
        </Button>
      )}
    </li>
  );
}
