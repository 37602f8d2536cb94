import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  addServiceMedia,
  deleteServiceMedia,
  type MediaInput,
  type ServiceMedia,
  serviceMediaQuery,
} from '../../../../api/catalogue';
import { ApiError } from '../../../../api/client';
import { invalidateAfter } from '../../../../api/invalidate';
import { rulesOf } from '../../../../api/validate';
import { Alert, Button, Card, formatDateTime, srOnly, toast } from '../../../../ui';
import { type FileValue, ImageField, TextField } from '../../../../ui/form';
import { LoadFailure } from '../../../-components/Loaded';
import * as s from '../../-components/admin.css';
import { DeleteAction } from '../../-components/DeleteAction';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../../-components/toBody';

const VIDEO_TYPES = ['video/mp4', 'video/webm'];
const VIDEO_MAX_BYTES = 20 * 1024 * 1024;
const YOUTUBE = /^(https?:\/\/)?((www\.|m\.)?youtube\.com\/(watch\?v=|embed\/)|youtu\.be\/)[\w-]{6,}/i;
const MAX_MEDIA = 30;

function MediaPreview({ media, heading }: { media: ServiceMedia; heading: string }) {
  if (media.type === 'image') {
    return (
      <img
        className={s.mediaPreview}
        src={media.url}
        alt={`${heading}${media.fileName ? ` (${media.fileName})` : ''}`}
        width={320}
        height={180}
        loading="lazy"
      />
    );
  }
  if (media.type === 'video') {
    return (
      <video className={s.mediaPreview} src={media.url} controls preload="metadata" muted playsInline>
        <track kind="captions" />
      </video>
    );
  }
  return (
    <a className={s.youtubeTile} href={media.url} target="_blank" rel="noreferrer noopener">
      <svg width="40" height="28" viewBox="0 0 40 28" aria-hidden="true" focusable="false">
        <rect width="40" height="28" rx="7" fill="#ff0000" />
        <path d="M16 8v12l10-6z" fill="#fff" />
      </svg>
      YouTube video<span className={srOnly}> (opens in a new tab)</span>
    </a>
  );
}

const KIND_LABEL: Record<ServiceMedia['type'], string> = { image: 'Picture', video: 'Video', youtube: 'YouTube link' };

/** The pictures, videos and YouTube links of a service: listed, added and removed one by one. */
export function ServiceMediaSection({ serviceId, heading }: { serviceId: number; heading: string }) {
  const queryClient = useQueryClient();
  const media = useQuery(serviceMediaQuery(serviceId));
  const [file, setFile] = useState<FileValue | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState<string | undefined>();
  const listId = useId();
  const refresh = () => invalidateAfter(queryClient, 'addServiceMedia');

  const add = useMutation({
    mutationFn: (input: MediaInput) => addServiceMedia(serviceId, input),
    onSuccess: async (reply, input) => {
      await refresh();
      toast.success(reply.message || `${KIND_LABEL[reply.data.type]} added.`);
      if (input.kind === 'youtube') setLink('');
      else setFile(null);
    },
    onError: (e, input) => {
      const message = e instanceof ApiError && e.errors.length ? e.errors.map((x) => x.message).join(' ') : e.message;
      if (input.kind === 'youtube') setLinkError(message);
      else setFileError(message);
    },
  });

  function addFile() {
    if (!file) {
      setFileError('Choose a picture or a video first');
      return;
    }
    const isVideo = file.type.startsWith('video/');
    if (!isVideo && file.size > IMAGE_MAX_BYTES) {
      setFileError('Pictures can be at most 2 MB (videos up to 20 MB)');
      return;
    }
    setFileError(undefined);
    add.mutate({ kind: isVideo ? 'video' : 'image', media: file.data, fileName: file.fileName });
  }

  function addLink() {
    const url = link.trim();
    if (!YOUTUBE.test(url)) {
      setLinkError('Enter a youtube.com/watch?v=…, youtu.be/… or youtube.com/embed/… link');
      return;
    }
    setLinkError(undefined);
    add.mutate({ kind: 'youtube', youtubeLink: url });
  }

  const items = media.data ?? [];
  const full = items.length >= MAX_MEDIA;

  return (
    <Card title="Media">
      <div className={s.stack}>
        <p className={s.muted} id={listId}>
          {media.isPending
            ? 'Loading media…'
            : `${items.length} of ${MAX_MEDIA} pictures, videos and links. They show on the service's page, oldest first.`}
        </p>
        <LoadFailure query={media} />
        {items.length ? (
          <ul className={s.mediaGrid} aria-labelledby={listId}>
            {items.map((m) => (
              <li key={m.id} className={s.mediaItem}>
                <MediaPreview media={m} heading={heading} />
                {m.type === 'youtube' ? <span className={s.mediaUrl}>{m.url}</span> : null}
                <div className={s.rowActions}>
                  <span className={s.muted}>
                    {KIND_LABEL[m.type]} · {formatDateTime(m.createdAt)}
                  </span>
                  <DeleteAction
                    label={`Delete ${KIND_LABEL[m.type].toLowerCase()} ${m.fileName ?? m.url}`}
                    title={`Delete this ${KIND_LABEL[m.type].toLowerCase()}?`}
                    message="It is removed from the service's page for good."
                    onDelete={() => deleteServiceMedia(m.id)}
                    operation="deleteServiceMedia"
                  />
                </div>
              </li>
            ))}
          </ul>
        ) : null}

        {full ? (
          <Alert tone="info">
            This service has {MAX_MEDIA} media, the most it can hold. Delete one to add another.
          </Alert>
        ) : (
          <>
            <form
              className={s.stack}
              aria-label="Add a picture or video"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                addFile();
              }}
            >
              <ImageField
                label="Picture or video"
                name="mediaFile"
                accept={[...IMAGE_TYPES, ...VIDEO_TYPES]}
                maxBytes={VIDEO_MAX_BYTES}
                value={file}
                onChange={(f) => {
                  setFile(f);
                  setFileError(undefined);
                }}
                hint="Pictures up to 2 MB, videos up to 20 MB."
                error={fileError}
              />
              <div>
                <Button type="submit" variant="secondary" loading={add.isPending && add.variables?.kind !== 'youtube'}>
                  Add picture or video
                </Button>
              </div>
            </form>
            <form
              className={s.inlineForm}
              aria-label="Add a YouTube link"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                addLink();
              }}
            >
              <TextField
                label="YouTube link"
                name="youtubeLink"
                type="url"
                inputMode="url"
                maxLength={rulesOf('addServiceMedia').youtubeLink?.maxLength}
                placeholder="https://www.youtube.com/watch?v=…"
                value={link}
                onChange={(e) => {
                  setLink(e.target.value);
                  setLinkError(undefined);
                }}
                error={linkError}
              />
              <Button
                type="submit"
                variant="secondary"
                className={s.inlineFormButton}
                loading={add.isPending && add.variables?.kind === 'youtube'}
              >
                Add YouTube link
              </Button>
            </form>
          </>
        )}
      </div>
    </Card>
  );
}
