// One form for the three banner flavours: the home carousel, the other screens, and the banners of one service.
import { useQuery } from '@tanstack/react-query';
import type { LinkProps } from '@tanstack/react-router';
import { useId } from 'react';
import {
  addBanner,
  BANNER_SCREEN_LABELS,
  type Banner,
  type BannerType,
  serviceBannerPath,
} from '../../../../api/banners';
import { servicesQuery, subCategoriesOfCategoryQuery } from '../../../../api/catalogue';
import { type FileValue, SelectField, TextField } from '../../../../ui/form';
import { OperationForm, useOperationForm } from '../../../-components/form';
import { CategoryField } from '../../-components/CategoryField';
import { PictureField } from '../../-components/PictureField';
import { toBody } from '../../-components/toBody';

export interface BannerFormProps {
  /** The screens this form adds banners to; a "Screen" select appears when there are several. */
  types: readonly BannerType[];
  /**
   * 'path': the admin types where a click leads (home and screen banners).
   * 'service': the admin picks category → sub-category → service; the path is that service's page.
   */
  target: 'path' | 'service';
  /** Offer the optional YouTube link (home and screen banners). */
  youtube?: boolean;
  /** The form's accessible name, e.g. "Add home banner". */
  label: string;
  submitLabel?: string;
  /** Where Cancel goes (the banner list); without it there is no Cancel. */
  cancelTo?: LinkProps['to'];
  /** Called after the server added the banner (navigate to the list, or stay and add another). */
  onAdded?(banner: Banner): void;
}

interface Values {
  type: string;
  categoryId: string;
  subCategoryId: string;
  serviceId: string;
  imagebase64Data: FileValue | null;
  path: string;
  youtubeLink: string;
}

/** Paths of the site's screens, offered as suggestions for the click target. */
const PATH_SUGGESTIONS = [
  '/Services',
  '/allServices',
  '/SubCategory?categoryId=',
  '/ServicesDetails?id=',
  '/NewLaunch',
  '/HomeImprovement',
  '/CustomerServices',
  '/Coupons',
  '/SubscriptionPlan',
  '/About',
];

export function BannerForm({
  types,
  target,
  youtube = false,
  label,
  submitLabel = 'Add banner',
  cancelTo,
  onAdded,
}: BannerFormProps) {
  const datalistId = useId();
  const initial: Values = {
    type: types.length === 1 ? types[0] : '',
    categoryId: '',
    subCategoryId: '',
    serviceId: '',
    imagebase64Data: null,
    path: '',
    youtubeLink: '',
  };
  const form = useOperationForm({
    operation: 'addBanner',
    initial,
    labels: {
      type: 'Screen',
      categoryId: 'Category',
      subCategoryId: 'Sub-category',
      serviceId: 'Service',
      imagebase64Data: 'Banner image',
      path: 'Link to (path)',
      youtubeLink: 'YouTube link',
    },
    // A service banner's path is made from the chosen service: a path error is about that choice.
    alias: target === 'service' ? { fileName: 'imagebase64Data', path: 'serviceId' } : { fileName: 'imagebase64Data' },
    // The path of a service banner is built from the choice of service; the server checks the rest (a path inside
    // the site, a YouTube link, an image or a link).
    precheck: (v) => (target === 'service' && !v.serviceId ? { serviceId: 'Choose the service' } : {}),
    toBody: (v) => {
      const { image, fileName } = toBody(v.imagebase64Data);
      const link = v.youtubeLink.trim();
      return {
        type: (v.type || undefined) as BannerType,
        path: target === 'service' ? serviceBannerPath(Number(v.serviceId)) : v.path.trim(),
        ...(image ? { imagebase64Data: image, fileName } : {}),
        ...(youtube && link ? { youtubeLink: link } : {}),
      };
    },
    send: addBanner,
    savedMessage: 'Banner added.',
    onSaved: (reply) => {
      const v = form.values;
      if (v.imagebase64Data) URL.revokeObjectURL(v.imagebase64Data.previewUrl);
      // Keep the chosen screen or service: the next banner often goes to the same place.
      form.reset({
        ...initial,
        type: v.type,
        categoryId: v.categoryId,
        subCategoryId: v.subCategoryId,
        serviceId: v.serviceId,
      });
      onAdded?.(reply.data);
    },
  });
  const busy = form.busy;
  const v = form.values;

  const subCategories = useQuery(subCategoriesOfCategoryQuery(target === 'service' ? Number(v.categoryId) || 0 : 0));
  const subCategoryId = target === 'service' ? Number(v.subCategoryId) || 0 : 0;
  const services = useQuery({
    ...servicesQuery({ page: 1, pageSize: 200, sort: 'heading', order: 'asc', subCategoryId }),
    enabled: subCategoryId > 0,
    // Never offer the previous sub-category's services while the new ones load.
    placeholderData: undefined,
  });

  const inactive = (active: boolean) => (active ? '' : ' (inactive)');

  return (
    <OperationForm form={form} label={label} submitLabel={submitLabel} cancelTo={cancelTo}>
      {types.length > 1 ? (
        <SelectField
          {...form.field('type')}
          placeholder="Choose a screen"
          options={types.map((t) => ({ value: t, label: BANNER_SCREEN_LABELS[t] }))}
          value={v.type}
          onChange={(e) => form.set('type', e.target.value)}
          hint="The page the banner shows on"
          disabled={busy}
        />
      ) : null}

      {target === 'service' ? (
        <>
          <CategoryField form={form} required disabled={busy} clears={['subCategoryId', 'serviceId']} />
          <SelectField
            {...form.field('subCategoryId')}
            placeholder={
              !v.categoryId
                ? 'Choose a category first'
                : subCategories.isLoading
                  ? 'Loading sub-categories…'
                  : subCategories.data?.length === 0
                    ? 'This category has no sub-categories'
                    : 'Choose a sub-category'
            }
            options={(subCategories.data ?? []).map((c) => ({
              value: String(c.id),
              label: c.subCategoryName + inactive(c.active),
            }))}
            value={v.subCategoryId}
            onChange={(e) => {
              form.set('subCategoryId', e.target.value);
              form.set('serviceId', '');
            }}
            required
            disabled={busy || !v.categoryId}
          />
          <SelectField
            {...form.field('serviceId')}
            placeholder={
              !v.subCategoryId
                ? 'Choose a sub-category first'
                : services.isLoading
                  ? 'Loading services…'
                  : services.data?.items.length === 0
                    ? 'This sub-category has no services'
                    : 'Choose a service'
            }
            options={(services.data?.items ?? []).map((s) => ({
              value: String(s.id),
              label: s.heading + inactive(s.active),
            }))}
            value={v.serviceId}
            onChange={(e) => form.set('serviceId', e.target.value)}
            hint={v.serviceId ? `A click opens ${serviceBannerPath(Number(v.serviceId))}` : undefined}
            required
            disabled={busy || !v.subCategoryId}
          />
        </>
      ) : null}

      <PictureField
        {...form.control('imagebase64Data')}
        hint={
          target === 'path' && youtube
            ? 'A wide picture works best, e.g. 1600 × 600 pixels. A banner needs an image, a YouTube link, or both.'
            : 'A wide picture works best, e.g. 1600 × 600 pixels.'
        }
        required={target === 'service' || !youtube}
        disabled={busy}
        fullWidth
      />

      {target === 'path' ? (
        <>
          <TextField
            {...form.text('path')}
            list={datalistId}
            autoComplete="off"
            placeholder="/Services"
            hint="Where a click on the banner leads: a page of this site, e.g. /Services or /SubCategory?categoryId=3. Leave it empty for no link."
            disabled={busy}
          />
          <datalist id={datalistId}>
            {PATH_SUGGESTIONS.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
        </>
      ) : null}

      {youtube ? (
        <TextField
          {...form.text('youtubeLink')}
          label="YouTube link (optional)"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://www.youtube.com/watch?v=…"
          hint="A video to play from the banner."
          disabled={busy}
        />
      ) : null}
    </OperationForm>
  );
}
