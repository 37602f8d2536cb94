import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { type Availability, availabilityQuery, type Category } from '../../../api/storefront';
import { Alert, Button } from '../../../ui';
import { SelectField, TextField } from '../../../ui/form';
import { Section } from './parts';
import { PINCODE, readPincode, rememberPincode } from './pincode';
import * as s from './storefront.css';
import { STOREFRONT } from './words';

const W = STOREFRONT.pincode;

export interface PincodeCheckProps {
  /** The categories to choose from; with one fixed `category` there is no choice to make. */
  categories?: Pick<Category, 'id' | 'categoryName'>[];
  category?: Pick<Category, 'id' | 'categoryName'>;
  /** Inside the header's chooser: no section heading of its own (the chooser has one). */
  bare?: boolean;
}

/**
 * "Check if we serve your area": pincode (and category) in, the server's sentence out, and a way to the category's
 * services when it is offered. The pincode checked is remembered on the device (pincode.ts), so it is asked once.
 */
export function PincodeCheck({ categories = [], category, bare = false }: PincodeCheckProps) {
  const queryClient = useQueryClient();
  const uid = useId();
  const [pincode, setPincode] = useState(() => readPincode() ?? '');
  const [chosen, setChosen] = useState('');
  const [errors, setErrors] = useState<{ pincode?: string; category?: string }>({});
  const [result, setResult] = useState<(Availability & { pincode: string; categoryId: number }) | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const categoryId = category?.id ?? Number(chosen);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!PINCODE.test(pincode)) next.pincode = W.badPincode;
    if (!categoryId) next.category = W.chooseCategory;
    setErrors(next);
    setResult(null);
    setFailure('');
    if (next.pincode || next.category) return;
    setBusy(true);
    try {
      const answer = await queryClient.fetchQuery(availabilityQuery(pincode, categoryId));
      setResult({ ...answer, pincode, categoryId });
      rememberPincode(pincode);
    } catch (err) {
      setFailure((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const reset = () => {
    setResult(null);
    setFailure('');
  };

  const form = (
    <form className={s.panel} onSubmit={submit} noValidate aria-labelledby={`${uid}-title`}>
      <p className={s.muted}>{category ? W.askFor(category.categoryName) : W.ask}</p>
      <div className={s.inlineForm}>
        <TextField
          id={`${uid}-pincode`}
          name="pincode"
          label={W.pincode}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          value={pincode}
          error={errors.pincode}
          onChange={(e) => {
            setPincode(e.target.value.replace(/\D/g, ''));
            reset();
          }}
        />
        {!category && (
          <SelectField
            id={`${uid}-category`}
            name="categoryId"
            label={W.category}
            placeholder={W.categoryPlaceholder}
            options={categories.map((c) => ({ value: String(c.id), label: c.categoryName }))}
            value={chosen}
            error={errors.category}
            onChange={(e) => {
              setChosen(e.target.value);
              reset();
            }}
          />
        )}
        <Button type="submit" loading={busy} className={s.formButton}>
          {W.check}
        </Button>
      </div>
      <div aria-live="polite">
        {result && (
          <Alert tone={result.available ? 'success' : 'warning'}>
            {result.message}
            {result.available && (
              <>
                {' '}
                <Link to="/SubCategory" search={{ categoryId: result.categoryId }}>
                  {W.seeServicesAt(result.pincode)}
                </Link>
              </>
            )}
          </Alert>
        )}
        {failure && <Alert tone="danger">{failure}</Alert>}
      </div>
    </form>
  );
  if (bare) {
    return (
      <div>
        <span id={`${uid}-title`} hidden>
          {W.checkTitle}
        </span>
        {form}
      </div>
    );
  }
  return (
    <Section title={W.checkTitle} id={`${uid}-title`}>
      {form}
    </Section>
  );
}
