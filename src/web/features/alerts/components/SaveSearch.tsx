import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { ALERT_RADIUS_KM } from '../../../../contract/limits.js';
import type { FactsSearch } from '../../foods/api/keys.js';
import { toastFailure, toastSuccess } from '../../../lib/toast.js';
import { useSaveAlert } from '../api/alerts.js';
import { describeAlert } from './alertWords.js';

/** The search of Available Foods to save: its words, fact filters and place. */
export interface SaveSearchProps {
  search: string;
  facts: FactsSearch;
  near?: { lat: number; lng: number; radiusKm: number };
}

/**
 * 'Save this search' on Available Foods (signed in; loaded lazily): saves the current
 * search (words, categories, diets, allergens to avoid, place and radius) as an alert,
 * with the person's choice of push and mail (docs/api.md "Alerts"). Without a place it
 * says to choose one under 'Near' first.
 */
export default function SaveSearch({ search, facts, near }: SaveSearchProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [push, setPush] = useState(true);
  const [email, setEmail] = useState(false);
  const save = useSaveAlert();
  const radiusKm = Math.min(Math.max(near?.radiusKm ?? ALERT_RADIUS_KM.default, ALERT_RADIUS_KM.min), ALERT_RADIUS_KM.max);
  const summary = describeAlert({ Words: search, Categories: facts.categories, Diet: facts.diets, WithoutAllergens: facts.without, RadiusKm: radiusKm });

  function submit() {
    if (!near) return;
    save.mutate(
      { Words: search, Categories: facts.categories, Diet: facts.diets, WithoutAllergens: facts.without, Near: { Lat: near.lat, Lng: near.lng }, RadiusKm: radiusKm, Push: push, Email: email },
      {
        onSuccess: () => {
          setOpen(false);
          toastSuccess(t`Alert saved. We will tell you when a new listing matches.`);
        },
        onError: (err) => toastFailure(err),
      },
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2 rounded-box bg-base-200 p-3">
      <h2 id={`${id}-title`} className="font-medium">
        <Trans>Get told about new matches</Trans>
      </h2>
      {!near ? (
        <p className="text-sm"><Trans>To save this search as an alert, choose a place under 'Near' first.</Trans></p>
      ) : !open ? (
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn btn-sm btn-outline" aria-expanded={false} aria-controls={`${id}-form`} onClick={() => setOpen(true)}>
            <Trans>Save this search</Trans>
          </button>
          <Link to="/account#alerts" className="link link-primary text-sm"><Trans>Your alerts</Trans></Link>
        </div>
      ) : (
        <form
          id={`${id}-form`}
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <p className="text-sm break-words">{summary}</p>
          <label className="flex items-center gap-2">
            <input type="checkbox" className="field-check" checked={push} onChange={(e) => setPush(e.target.checked)} />
            <Trans>Also as a push notification</Trans>
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" className="field-check" checked={email} onChange={(e) => setEmail(e.target.checked)} />
            <Trans>Also by email</Trans>
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn btn-sm btn-primary" disabled={save.isPending}>
              <Trans>Save alert</Trans>
            </button>
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => setOpen(false)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
