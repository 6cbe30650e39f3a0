import { UFS } from '@ev/shared/ie';
import { IconLoader2, IconMapPin, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Tooltip } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/api';
import { lookupCep } from '../api/clients-api';
import { useClientMessage } from '../messages';
import { SelectField, TextField, useFieldsOptions } from '@/components/form/fields';
import { maskCep } from '@/lib/masks';
import { emptyAddress, type ClientValues } from '../form-values';

const STATE_OPTIONS = UFS.map((uf) => ({ value: uf, label: uf }));

/**
 * The client's addresses (inside the form): several, exactly one main (choosing one unsets the
 * others), a full CEP fills the address, the only address cannot be removed, and removing another
 * asks first. Latitude and longitude ride along untouched.
 */
export function AddressesEditor({ defaultState }: { defaultState: string }) {
  const { readOnly } = useFieldsOptions();
  const { t } = useTranslation('clients');
  const message = useClientMessage();
  const { control, setValue, getValues, formState } = useFormContext<ClientValues>();
  const { fields, append, remove } = useFieldArray<ClientValues, 'addresses', 'key'>({ control, name: 'addresses', keyName: 'key' });
  const [removing, setRemoving] = useState<number | null>(null);
  const rootError = (formState.errors.addresses as { message?: string; root?: { message?: string } } | undefined);
  const arrayMessage = rootError?.message ?? rootError?.root?.message;
  const onlyAddress = message('onlyAddress');

  const confirmRemove = () => {
    if (removing === null) return;
    const wasMain = getValues(`addresses.${removing}.main`);
    remove(removing);
    setRemoving(null);
    // The main address went: the first one left becomes the main one.
    if (wasMain && getValues('addresses').length > 0) setValue('addresses.0.main', true, { shouldDirty: true });
  };

  return (
    <div className="flex flex-col gap-4">
      {arrayMessage && <Alert variant="error">{arrayMessage}</Alert>}
      {fields.length === 0 && <p className="text-sm text-muted-foreground">{t('address.noneForm')}</p>}
      {fields.map((f, index) => (
        <fieldset key={f.key} className="flex flex-col gap-4 rounded-md border border-border p-4">
          <legend className="px-1 text-sm font-semibold">{t('address.legend', { n: index + 1 })}</legend>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <AddressFlags index={index} />
            {!readOnly &&
              (fields.length === 1 ? (
                <Tooltip content={onlyAddress}>
                  {/* A disabled button takes no pointer or focus: the wrapper carries the tooltip. */}
                  <span tabIndex={0} className="inline-flex rounded-md focus-visible:outline-2 focus-visible:outline-ring" data-testid="only-address-remove">
                    <Button variant="outline" size="sm" disabled aria-label={t('address.remove')}>
                      <IconTrash aria-hidden />
                      {t('address.remove')}
                    </Button>
                  </span>
                </Tooltip>
              ) : (
                <Button variant="outline" size="sm" className="text-destructive" onClick={() => setRemoving(index)}>
                  <IconTrash aria-hidden />
                  {t('address.remove')}
                </Button>
              ))}
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <CepField index={index} />
            <TextField name={`addresses.${index}.nickname`} label={t('address.nickname')} maxLength={60} className="sm:col-span-2" />
          </div>
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <TextField name={`addresses.${index}.street`} label={t('address.street')} maxLength={120} />
            <TextField name={`addresses.${index}.number`} label={t('address.number')} maxLength={20} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name={`addresses.${index}.complement`} label={t('address.complement')} maxLength={80} />
            <TextField name={`addresses.${index}.neighborhood`} label={t('address.neighborhood')} maxLength={80} />
          </div>
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <TextField name={`addresses.${index}.city`} label={t('address.city')} maxLength={80} />
            <SelectField name={`addresses.${index}.state`} label={t('address.state')} options={STATE_OPTIONS} empty={t('choose')} />
          </div>
          <Geo index={index} />
        </fieldset>
      ))}
      {!readOnly && (
        <Button variant="outline" className="self-start" onClick={() => append(emptyAddress(defaultState, fields.length === 0))}>
          <IconPlus aria-hidden />
          {t('address.add')}
        </Button>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t('address.removeTitle', { n: (removing ?? 0) + 1 })}
        description={t('address.removeText')}
        confirmLabel={t('address.remove')}
        cancelLabel={t('cancel')}
        onConfirm={confirmRemove}
        destructive
      />
    </div>
  );
}

/** Main (a radio: exactly one), delivery and billing. */
function AddressFlags({ index }: { index: number }) {
  const { readOnly } = useFieldsOptions();
  const { t } = useTranslation('clients');
  const { control, getValues, setValue } = useFormContext<ClientValues>();
  const id = useId();
  const group = `${useId()}-main`;
  return (
    <div role="group" aria-label={t('address.flags')} className="flex flex-wrap items-center gap-4 text-sm">
      <Controller
        name={`addresses.${index}.main`}
        control={control}
        render={({ field }) => (
          <label className="inline-flex items-center gap-2" htmlFor={`${id}-main`}>
            <input
              id={`${id}-main`}
              type="radio"
              name={group}
              className="size-4 accent-[var(--ev-primary)]"
              checked={field.value === true}
              disabled={readOnly}
              onChange={() => {
                getValues('addresses').forEach((_, i) => {
                  if (i !== index && getValues(`addresses.${i}.main`)) setValue(`addresses.${i}.main`, false, { shouldDirty: true });
                });
                field.onChange(true);
              }}
              ref={field.ref}
            />
            {t('address.main')}
          </label>
        )}
      />
      {(['delivery', 'billing'] as const).map((flag) => (
        <Controller
          key={flag}
          name={`addresses.${index}.${flag}`}
          control={control}
          render={({ field }) => (
            <label className="inline-flex items-center gap-2" htmlFor={`${id}-${flag}`}>
              <input id={`${id}-${flag}`} type="checkbox" className="size-4 accent-[var(--ev-primary)]" checked={field.value === true} disabled={readOnly} onChange={(e) => field.onChange(e.target.checked)} ref={field.ref} />
              {t(`address.${flag}`)}
            </label>
          )}
        />
      ))}
    </div>
  );
}

/** The CEP: 8 digits typed look the address up and fill it (the complement only when empty). */
function CepField({ index }: { index: number }) {
  const { t } = useTranslation('clients');
  const { getValues, setValue, setError, clearErrors } = useFormContext<ClientValues>();
  const [looking, setLooking] = useState(false);
  const last = useRef((getValues(`addresses.${index}.cep`) ?? '').replace(/\D/g, ''));
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);
  const base = `addresses.${index}` as const;

  const lookup = async (cep: string) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setLooking(true);
    try {
      const a = await lookupCep(cep, controller.signal);
      const set = (field: 'street' | 'neighborhood' | 'city' | 'state' | 'complement', value: string) => {
        setValue(`${base}.${field}`, value, { shouldDirty: true });
        clearErrors(`${base}.${field}`);
      };
      if (a.street) set('street', a.street);
      if (a.neighborhood) set('neighborhood', a.neighborhood);
      if (a.city) set('city', a.city);
      if (a.state) set('state', a.state);
      if (a.complement && !getValues(`${base}.complement`).trim()) set('complement', a.complement);
      clearErrors(`${base}.cep`);
    } catch (e) {
      if (controller.signal.aborted) return;
      const message = e instanceof ApiError && e.status === 404 ? t('address.cepNotFound') : t('address.cepFailed');
      setError(`${base}.cep`, { type: 'server', message });
    } finally {
      if (current.current === controller) {
        current.current = null;
        setLooking(false);
      }
    }
  };

  return (
    <div className="relative">
      <TextField
        name={`${base}.cep`}
        label={t('address.cep')}
       
        shape={maskCep}
        inputMode="numeric"
        maxLength={9}
        placeholder="00000-000"
        onValue={(value) => {
          const digits = value.replace(/\D/g, '');
          if (digits.length === 8 && digits !== last.current) {
            last.current = digits;
            void lookup(digits);
          } else if (digits.length < 8) {
            last.current = '';
            current.current?.abort();
            setLooking(false);
          }
        }}
        end={looking}
      />
      {looking && (
        <span role="status" className="absolute end-3 top-[2.1rem] text-muted-foreground" data-testid="cep-looking">
          <IconLoader2 aria-hidden className="size-4 animate-spin" />
          <span className="sr-only">{t('address.looking')}</span>
        </span>
      )}
    </div>
  );
}

function Geo({ index }: { index: number }) {
  const { t } = useTranslation('clients');
  const [lat, lng] = useWatch<ClientValues, [`addresses.${number}.latitude`, `addresses.${number}.longitude`]>({ name: [`addresses.${index}.latitude`, `addresses.${index}.longitude`] });
  if (lat === null || lat === undefined || lng === null || lng === undefined) return null;
  return (
    <p className="flex items-center gap-1 text-xs text-muted-foreground">
      <IconMapPin aria-hidden className="size-4" />
      {t('address.geo', { lat, lng })}
    </p>
  );
}
