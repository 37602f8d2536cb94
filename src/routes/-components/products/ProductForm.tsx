// Add or change a product of the store (decision 028): name, HSN code, prices (the server computes the
// price a vendor pays), GST, cost, low-stock level, picture and, on add, the opening stock.
import type { LinkProps } from '@tanstack/react-router';
import {
  type AddProductBody,
  addProduct,
  type Product,
  type UpdateProductBody,
  updateProduct,
} from '../../../api/products';
import { formatRupees } from '../../../ui';
import { CheckboxField, type FileValue, NumberField, SelectField, TextArea, TextField } from '../../../ui/form';
import { PictureField } from '../../_admin/-components/PictureField';
import { OperationForm, pictureBody, typedNumber, useOperationForm } from '../form';
import { useGstRateOptions } from '../gstRateOptions';

export interface ProductFormProps {
  product?: Product;
  /** Where Cancel leads (the list of the area the form is in). */
  cancelTo: LinkProps['to'];
  onSaved(product: Product): void;
}

const DISCOUNT_TYPES = [
  { value: 'percentage', label: 'Percent of the MRP' },
  { value: 'flat', label: 'Rupees off each unit' },
];

/** What a vendor will pay, as the server computes it (MRP less the discount), for the hint under the discount. */
function previewPrice(mrp: string, discount: string, type: string): number | null {
  const m = Number(mrp);
  const d = discount.trim() === '' ? 0 : Number(discount);
  if (!Number.isFinite(m) || m <= 0 || !Number.isFinite(d) || d < 0) return null;
  const off = type === 'flat' ? Math.round(d * 100) : Math.round((Math.round(m * 100) * d) / 100);
  const left = Math.round(m * 100) - off;
  return left > 0 ? left / 100 : null;
}

export function ProductForm({ product, cancelTo, onSaved }: ProductFormProps) {
  const form = useOperationForm({
    operation: product ? 'updateProduct' : 'addProduct',
    initial: {
      productName: product?.productName ?? '',
      hsnCode: product?.hsnCode ?? '',
      mrp: product ? String(product.mrp) : '',
      discountType: product?.discountType ?? 'percentage',
      discount: product ? String(product.discount) : '',
      gst: product ? String(product.gst) : '18',
      cost: product?.cost != null ? String(product.cost) : '',
      lowStockAt: product ? String(product.lowStockAt) : '10',
      quantity: '',
      description: product?.description ?? '',
      status: product?.status ?? true,
      imagebase64Data: null as FileValue | null,
    },
    labels: {
      productName: 'Product name',
      hsnCode: 'HSN code',
      mrp: 'MRP',
      discountType: 'Discount type',
      discount: 'Discount',
      gst: 'GST',
      cost: 'Cost per unit',
      lowStockAt: 'Low stock at',
      quantity: 'Opening stock',
      description: 'Description',
      status: 'Active',
      imagebase64Data: 'Picture',
    },
    alias: { fileName: 'imagebase64Data', id: 'productName' },
    toBody: (v) =>
      ({
        ...(product ? { id: product.id } : {}),
        productName: v.productName.trim(),
        // Left empty it is not sent: on add the contract then says it is required; on a change the code is kept.
        ...(v.hsnCode.trim() === '' ? {} : { hsnCode: v.hsnCode.trim() }),
        mrp: typedNumber(v.mrp),
        discountType: v.discountType as 'percentage' | 'flat',
        // An empty discount is sent as 0.
        discount: v.discount.trim() === '' ? 0 : typedNumber(v.discount),
        gst: typedNumber(v.gst),
        cost: typedNumber(v.cost),
        lowStockAt: v.lowStockAt.trim() === '' ? 10 : typedNumber(v.lowStockAt),
        ...(!product && v.quantity.trim() !== '' ? { quantity: typedNumber(v.quantity) } : {}),
        description: v.description.trim() || null,
        status: v.status,
        ...pictureBody(v.imagebase64Data),
      }) as AddProductBody & UpdateProductBody,
    send: (body) => (product ? updateProduct({ ...body, id: product.id }) : addProduct(body as AddProductBody)),
    savedMessage: 'Product saved.',
    onSaved: (reply) => onSaved(reply.data),
  });
  const v = form.values;
  const gst = useGstRateOptions(product?.gst, [18]);
  const price = previewPrice(v.mrp, v.discount, v.discountType);

  return (
    <OperationForm
      form={form}
      label={product ? `Change ${product.productName}` : 'Add product'}
      submitLabel={product ? 'Save changes' : 'Add product'}
      cancelTo={cancelTo}
    >
      <TextField {...form.text('productName')} fullWidth autoComplete="off" placeholder="RO membrane 75 GPD" />
      <TextField
        {...form.text('hsnCode')}
        autoComplete="off"
        inputMode="numeric"
        maxLength={8}
        placeholder="842121"
        hint="4, 6 or 8 digits, printed on each line of the request's tax invoice (CGST Rule 46), e.g. 8421 for water filters."
      />
      <NumberField {...form.text('mrp')} prefix="₹" placeholder="1450" hint="GST included, at most 2 decimals." />
      <SelectField
        {...form.field('discountType')}
        options={DISCOUNT_TYPES}
        value={v.discountType}
        onChange={(e) => form.set('discountType', e.target.value as 'percentage' | 'flat')}
      />
      <NumberField
        {...form.text('discount')}
        {...(v.discountType === 'flat' ? { prefix: '₹' } : { suffix: '%', inputMode: 'numeric' as const })}
        placeholder="0"
        hint={
          price !== null
            ? `Vendors pay ${formatRupees(price)} a unit (GST included). Empty means no discount.`
            : 'Empty means no discount.'
        }
      />
      <SelectField
        {...form.field('gst')}
        options={gst.options}
        value={v.gst}
        onChange={(e) => form.set('gst', e.target.value)}
      />
      <NumberField
        {...form.text('cost')}
        prefix="₹"
        placeholder="900"
        hint="What one unit cost the store, GST excluded: the stock's value on the dashboard."
      />
      <NumberField
        {...form.text('lowStockAt')}
        inputMode="numeric"
        hint="The product counts as low on stock at or below this many free units."
      />
      {product ? null : (
        <NumberField
          {...form.text('quantity')}
          inputMode="numeric"
          placeholder="0"
          hint="Units in the store now; they enter the stock ledger as received."
        />
      )}
      <TextArea {...form.text('description')} fullWidth rows={3} />
      <PictureField {...form.control('imagebase64Data')} currentUrl={product?.productImageUrl} />
      <CheckboxField
        {...form.field('status')}
        checked={v.status}
        onChange={(e) => form.set('status', e.target.checked)}
        hint="Only active products are offered to vendors."
      />
    </OperationForm>
  );
}
