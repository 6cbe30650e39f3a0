import { PRODUCT_STATUSES, ProductCreate, ProductUpdate, REF_MAX, showMinimumPrice, type Product } from '@ev/shared/schemas/products';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form/form-actions';
import { DecimalField, FormFields, ReferenceField, SelectField, TextField, referenceTextsOf } from '@/components/form/fields';
import { useLeaveGuard } from '@/components/form/leave-guard';
import { Alert } from '@/components/ui/alert';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { i18n } from '@/lib/i18n';
import { toBody as bodyOf, schemaResolver, toFormValues, type FormValues, type RecordFormProps, type SchemaFieldMap } from '@/lib/form-map';

/** How the form holds each field of the shared schema (`ProductCreate`), and how it goes back into the body. */
const PRODUCT_FIELDS = {
  ref: 'text!',
  name: 'text!',
  barcode: 'text',
  maker: 'text',
  package: 'text',
  unitId: 'ref!',
  groupId: 'ref',
  productCompanyId: 'ref',
  sizeId: 'ref',
  status: 'option',
  minimumPrice: 'decimal',
} as const satisfies SchemaFieldMap<ProductCreate>;

/** What the form holds: strings as typed (the minimum price with a comma), ids or null for the references. */
export type ProductValues = FormValues<typeof PRODUCT_FIELDS>;

const REQUIRED = new Set(['ref', 'name', 'unitId']);

export function initialValues(p: Product | null): ProductValues {
  // "12.5000" is shown "12,50": a comma, and no zeros past the cents.
  return { ...toFormValues(PRODUCT_FIELDS, p ?? { status: 'active' }), minimumPrice: showMinimumPrice(p?.minimumPrice) };
}

/** The body the API reads: empties are null (an optional field left blank). */
export const toBody = (v: ProductValues) => bodyOf(PRODUCT_FIELDS, v);

/** A product field's label in the current language (the messages name it). */
const productLabel = (field: string) => i18n.t(`products:fields.${field}`);

const productResolver = (updating: boolean) => schemaResolver<ProductValues>(updating ? ProductUpdate : ProductCreate, toBody, updating, { labelOf: productLabel });

/**
 * The product's form, validated with the API's schema (the same Portuguese messages); the API's
 * field errors (a duplicate reference or barcode, a unit that no longer exists) show under their
 * fields. Leaving with unsaved changes asks first.
 */
export function ProductForm({ record: product, readOnly, save, onSaved, onCancel }: RecordFormProps<Product>) {
  const { t } = useTranslation('products');
  const resolver = useMemo(() => productResolver(!!product), [product]);
  const form = useForm<ProductValues>({ resolver, defaultValues: initialValues(product), mode: 'onSubmit' });
  const [error, setError] = useState<string | null>(null);
  const savedRef = useLeaveGuard(() => form.formState.isDirty, t('leaveConfirm'));
  const { isSubmitting } = form.formState;
  const referenceTexts = referenceTextsOf(t, { placeholder: t('choose'), clear: t('none') });

  const submit = async (values: ProductValues) => {
    setError(null);
    try {
      const answer = await save({ ...toBody(values), ...(product ? { version: product.version } : {}) });
      savedRef.current = true;
      form.reset(initialValues(answer));
      onSaved(answer);
    } catch (e) {
      const fields = apiFieldErrors(e, productLabel).filter((f) => f.field in PRODUCT_FIELDS);
      for (const f of fields) form.setError(f.field as FieldPath<ProductValues>, { type: 'server', message: f.message });
      if (fields.length) form.setFocus(fields[0]!.field as FieldPath<ProductValues>);
      else setError(apiErrorText(e, product ? t('updateFailed') : t('addFailed')));
    }
  };

  return (
    <FormProvider {...form}>
    <FormFields readOnly={readOnly} required={REQUIRED} reference={referenceTexts}>
    <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="flex flex-col gap-4" aria-label={t('formLabel')}>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_1fr]">
        <TextField name="ref" label={t('fields.ref')} maxLength={REF_MAX} mono />
        <TextField name="name" label={t('fields.name')} maxLength={120} />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField name="barcode" label={t('fields.barcode')} maxLength={14} inputMode="numeric" shape={(v) => v.replace(/\D/g, '')} hint={t('hints.barcode')} mono />
        <TextField name="maker" label={t('fields.maker')} maxLength={60} />
        <TextField name="package" label={t('fields.package')} maxLength={30} hint={t('hints.package')} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <ReferenceField name="unitId" label={t('fields.unitId')} source="units" />
        <ReferenceField name="groupId" label={t('fields.groupId')} source="product-groups" />
        <ReferenceField name="productCompanyId" label={t('fields.productCompanyId')} source="product-companies" />
        <ReferenceField name="sizeId" label={t('fields.sizeId')} source="sizes" />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <DecimalField name="minimumPrice" label={t('fields.minimumPrice')} scale={4} maxLength={18} placeholder="" hint={t('hints.minimumPrice')} />
        <SelectField name="status" label={t('fields.status')} hint={t('hints.status')} options={PRODUCT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
      </div>
      {error && <Alert variant="error">{error}</Alert>}
      {!readOnly && (
        <FormActions texts={{ cancel: t('cancel'), submit: t('save'), submitting: t('saving') }} submitting={isSubmitting} onCancel={onCancel} />
      )}
    </form>
    </FormFields>
    </FormProvider>
  );
}
