import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { fieldErrors } from '../../../common/i18n/validation';
import { SeatingPlan, type SeatingPlanInput } from '../../../common/seating-plan';
import { SEATING_PLAN_MAX_BYTES } from '../../../common/seating-plan-files';

/** A problem of the plan: where it is, in words, and what is wrong, translated. */
export interface PlanError {
  path: string;
  where: string;
  message: string;
}

const at = (list: unknown, index: string | undefined) =>
  Array.isArray(list) && index !== undefined ? list[Number(index)] : undefined;

/** `sections.0.rows.2.seats.5.label` of a plan → "Stalls, row B, seat 6". */
export function describePath(plan: unknown, path: string): string {
  const parts = path.replace(/^plan\.?/, '').split('.');
  const p = (plan ?? {}) as { sections?: unknown; categories?: unknown };
  if (parts[0] === 'categories') {
    const c = at(p.categories, parts[1]) as { name?: string } | undefined;
    return c?.name ? i18n._(msg`Price category ${c.name}`) : i18n._(msg`Price categories`);
  }
  if (parts[0] !== 'sections') return parts[0] ? i18n._(msg`Plan (${parts[0]})`) : i18n._(msg`Plan`);
  const section = at(p.sections, parts[1]) as { name?: string; rows?: unknown } | undefined;
  const sectionName = section?.name ?? '?';
  if (parts[2] !== 'rows') return sectionName;
  const row = at(section?.rows, parts[3]) as { label?: string; seats?: unknown } | undefined;
  const rowLabel = row?.label ?? '?';
  if (parts[4] !== 'seats') return i18n._(msg`${sectionName}, row ${rowLabel}`);
  const seat = at(row?.seats, parts[5]) as { label?: string } | undefined;
  const seatLabel = seat?.label ?? '?';
  return i18n._(msg`${sectionName}, row ${rowLabel}, seat ${seatLabel}`);
}

/** Field errors (the API's 422, or the schema's own) as a list to show. */
export function planErrorList(plan: unknown, errors: Record<string, string[]>): PlanError[] {
  return Object.entries(errors).flatMap(([path, messages]) =>
    messages.map((message) => ({ path, where: describePath(plan, path), message })),
  );
}

/** The plan checked by the same schema as the server's, before saving. */
export function checkPlan(plan: SeatingPlanInput): PlanError[] {
  const result = SeatingPlan.safeParse(plan);
  if (result.success) return [];
  return planErrorList(plan, fieldErrors(result.error.issues, i18n, 'plan'));
}

export type FileRead = { ok: true; plan: unknown } | { ok: false; message: string };

/** A file chosen to import, read as JSON; its plan is checked by saving it. */
export async function readPlanFile(file: File): Promise<FileRead> {
  if (file.size > SEATING_PLAN_MAX_BYTES)
    return { ok: false, message: i18n._(msg`This file is too large for a seating plan.`) };
  try {
    const plan = JSON.parse(await file.text()) as unknown;
    return { ok: true, plan };
  } catch {
    return { ok: false, message: i18n._(msg`This file is not a seating plan: it is not valid JSON.`) };
  }
}
