import { PRODUCT_STATUSES, ProductCreate, ProductUpdate, REF_MAX, showMinimumPrice, type Product } from '@ev/shared/schemas/products';
import { useBlocker } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, type Control, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Combobox, type ComboboxOption, type ComboboxTexts } from '@/components/ui/combobox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { keyedResolver } from '@/lib/field-message';
import { i18n } from '@/lib/i18n';
import { searchReferences, useReferenceName, type ProductReference } from '../api/products-api';

/** What the form holds: strings as typed (the minimum price with a comma), ids or '' for the references. */
export interface ProductValues {
  ref: string;
  name: string;
  barcode: string;
  maker: string;
  package: string;
  unitId: string;
  groupId: string;
  productCompanyId: string;
  sizeId: string;
  status: string;
  minimumPrice: string;
}

const FIELDS = ['ref', 'name', 'barcode', 'maker', 'package', 'unitId', 'groupId', 'productCompanyId', 'sizeId', 'status', 'minimumPrice'] as const;

export function initialValues(p: Product | null): ProductValues {
  return {
    ref: p?.ref ?? '',
    name: p?.name ?? '',
    barcode: p?.barcode ?? '',
    maker: p?.maker ?? '',
    package: p?.package ?? '',
    unitId: p?.unitId ?? '',
    groupId: p?.groupId ?? '',
    productCompanyId: p?.productCompanyId ?? '',
    sizeId: p?.sizeId ?? '',
    status: p?.status ?? 'active',
    // "12.5000" is shown "12,50": a comma, and no zeros past the cents.
    minimumPrice: showMinimumPrice(p?.minimumPrice),
  };
}

/** The body the API reads: empties are null (an optional field left blank). */
export function toBody(v: ProductValues): Record<string, unknown> {
  const orNull = (s: string) => (s.trim() ? s.trim() : null);
  return {
    ref: v.ref,
    name: v.name,
    barcode: orNull(v.barcode),
    maker: orNull(v.maker),
    package: orNull(v.package),
    unitId: v.unitId,
    groupId: orNull(v.groupId),
    productCompanyId: orNull(v.productCompanyId),
    sizeId: orNull(v.sizeId),
    status: v.status,
    minimumPrice: orNull(v.minimumPrice),
  };
}

/** Digits and one comma, at most `scale` digits after it ("12.5" typed → "12,5"). */
export function maskDecimal(typed: string, scale: number): string {
  const v = typed.replace(/\./g, ',').replace(/[^\d,]/g, '');
  const [int = '', ...rest] = v.split(',');
  return rest.length ? `${int},${rest.join('').slice(0, scale)}` : int;
}

/** A product field's label in the current language (the messages name it). */
const productLabel = (field: string) => i18n.t(`products:fields.${field}`);

function productResolver(updating: boolean): Resolver<ProductValues> {
  const zod = keyedResolver<Record<string, unknown>>(updating ? ProductUpdate : ProductCreate, productLabel);
  return async (values, context, options) => {
    const result = await zod({ ...toBody(values), ...(updating ? { version: 1 } : {}) }, context, options as never);
    return Object.keys(result.errors).length ? { values: {}, errors: result.errors as never } : { values, errors: {} };
  };
}

const selectClass = 'h-10 w-full rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-70 aria-[invalid=true]:border-destructive';
// The form's resolver and the API's field errors are already in the user's language.
const messageOf = (m: string | undefined) => m || undefined;

function ReferenceField({ control, name, label, source, texts, readOnly, required }: { control: Control<ProductValues>; name: 'unitId' | 'groupId' | 'productCompanyId' | 'sizeId'; label: string; source: ProductReference; texts: ComboboxTexts; readOnly: boolean; required?: boolean }) {
  const [known, setKnown] = useState<Record<string, string>>({});
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormField label={required && !readOnly ? `${label} *` : label} error={messageOf(fieldState.error?.message)}>
          <ReferenceCombobox
            source={source}
            value={field.value || null}
            known={known}
            disabled={readOnly}
            texts={required ? { ...texts, clear: undefined } : texts}
            onChange={(value, option) => {
              if (option) setKnown((k) => ({ ...k, [option.value]: option.label }));
              field.onChange(value ?? '');
            }}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        </FormField>
      )}
    />
  );
}

function ReferenceCombobox({ source, value, known, texts, ...rest }: { id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; ref?: React.Ref<HTMLButtonElement>; source: ProductReference; value: string | null; known: Record<string, string>; disabled?: boolean; texts: ComboboxTexts; onChange(value: string | null, option: ComboboxOption | null): void; onBlur?(): void }) {
  const fetched = useReferenceName(source, value && !known[value] ? value : null);
  return (
    <Combobox
      {...rest}
      value={value}
      selectedLabel={value ? (known[value] ?? fetched.data ?? null) : null}
      search={(term, signal) => searchReferences(source, term, signal).then((items) => items.map((i) => ({ value: i.id, label: i.name })))}
      queryKey={[source]}
      texts={texts}
    />
  );
}

interface ProductFormProps {
  product: Product | null;
  readOnly: boolean;
  save(body: Record<string, unknown>): Promise<Product>;
  onSaved(product: Product): void;
  onCancel(): void;
}

/**
 * The product's form, validated with the API's schema (the same Portuguese messages); the API's
 * field errors (a duplicate reference or barcode, a unit that no longer exists) show under their
 * fields. Leaving with unsaved changes asks first.
 */
export function ProductForm({ product, readOnly, save, onSaved, onCancel }: ProductFormProps) {
  const { t } = useTranslation('products');
  const resolver = useMemo(() => productResolver(!!product), [product]);
  const form = useForm<ProductValues>({ resolver, defaultValues: initialValues(product), mode: 'onSubmit' });
  const [error, setError] = useState<string | null>(null);
  const saved = useRef(false);
  const { isSubmitting } = form.formState;
  const texts: ComboboxTexts = {
    placeholder: t('choose'),
    search: t('combobox.search'),
    empty: t('combobox.empty'),
    loading: t('combobox.loading'),
    failed: t('combobox.failed'),
    clear: t('none'),
  };

  useBlocker({
    shouldBlockFn: () => !saved.current && form.formState.isDirty && !window.confirm(t('leaveConfirm')),
    enableBeforeUnload: () => !saved.current && form.formState.isDirty,
  });

  const submit = async (values: ProductValues) => {
    setError(null);
    try {
      const answer = await save({ ...toBody(values), ...(product ? { version: product.version } : {}) });
      saved.current = true;
      form.reset(initialValues(answer));
      onSaved(answer);
    } catch (e) {
      const fields = apiFieldErrors(e, productLabel).filter((f) => (FIELDS as readonly string[]).includes(f.field));
      for (const f of fields) form.setError(f.field as FieldPath<ProductValues>, { type: 'server', message: f.message });
      if (fields.length) form.setFocus(fields[0]!.field as FieldPath<ProductValues>);
      else setError(apiErrorText(e, product ? t('updateFailed') : t('addFailed')));
    }
  };

  const text = (name: 'ref' | 'name' | 'barcode' | 'maker' | 'package' | 'minimumPrice', o: { required?: boolean; maxLength?: number; inputMode?: 'numeric' | 'decimal'; shape?(v: string): string; hint?: string; mono?: boolean } = {}) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <FormField label={o.required && !readOnly ? `${t(`fields.${name}`)} *` : t(`fields.${name}`)} error={messageOf(fieldState.error?.message)} hint={readOnly ? undefined : o.hint}>
          <Input
            name={name}
            inputMode={o.inputMode}
            maxLength={o.maxLength}
            readOnly={readOnly}
            autoComplete="off"
            className={o.mono ? 'font-mono' : undefined}
            value={field.value}
            onChange={(e) => field.onChange(o.shape ? o.shape(e.target.value) : e.target.value)}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        </FormField>
      )}
    />
  );

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="flex flex-col gap-4" aria-label={t('formLabel')}>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_1fr]">
        {text('ref', { required: true, maxLength: REF_MAX, mono: true })}
        {text('name', { required: true, maxLength: 120 })}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {text('barcode', { maxLength: 14, inputMode: 'numeric', shape: (v) => v.replace(/\D/g, ''), hint: t('hints.barcode'), mono: true })}
        {text('maker', { maxLength: 60 })}
        {text('package', { maxLength: 30, hint: t('hints.package') })}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <ReferenceField control={form.control} name="unitId" label={t('fields.unitId')} source="units" texts={texts} readOnly={readOnly} required />
        <ReferenceField control={form.control} name="groupId" label={t('fields.groupId')} source="product-groups" texts={texts} readOnly={readOnly} />
        <ReferenceField control={form.control} name="productCompanyId" label={t('fields.productCompanyId')} source="product-companies" texts={texts} readOnly={readOnly} />
        <ReferenceField control={form.control} name="sizeId" label={t('fields.sizeId')} source="sizes" texts={texts} readOnly={readOnly} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {text('minimumPrice', { inputMode: 'decimal', maxLength: 18, shape: (v) => maskDecimal(v, 4), hint: t('hints.minimumPrice') })}
        <Controller
          name="status"
          control={form.control}
          render={({ field, fieldState }) => (
            <FormField label={t('fields.status')} error={messageOf(fieldState.error?.message)} hint={readOnly ? undefined : t('hints.status')}>
              <select className={selectClass} name="status" value={field.value} onChange={field.onChange} onBlur={field.onBlur} disabled={readOnly} ref={field.ref}>
                {PRODUCT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`status.${s}`)}
                  </option>
                ))}
              </select>
            </FormField>
          )}
        />
      </div>
      {error && <Alert variant="error">{error}</Alert>}
      {!readOnly && (
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('saving') : t('save')}
          </Button>
        </div>
      )}
    </form>
  );
}
