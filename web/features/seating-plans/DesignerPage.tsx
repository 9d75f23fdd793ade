import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { emptyPlan } from '../../../common/seating-plan-edit';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { RequirePermission } from '../../components/NoPermission';
import { useSeatingPlan } from './api';
import { Designer } from './Designer';

/** `/manage/seating-plans/new` and `/manage/seating-plans/:planId`: the designer, on a new or a saved plan. */
export function SeatingPlanDesignerPage() {
  return (
    <RequirePermission permission="events.manage">
      <DesignerLoader />
    </RequirePermission>
  );
}

function DesignerLoader() {
  const { t } = useLingui();
  const { planId } = useParams();
  const id = planId && /^\d+$/.test(planId) ? Number(planId) : null;
  const saved = useSeatingPlan(id);
  if (id === null) return <Designer key="new" id={null} initial={emptyPlan(t`New seating plan`)} />;
  if (saved.isPending) return <InlineLoader />;
  if (saved.isError)
    return (
      <Stack gap="sm" py="md">
        <ErrorAlert error={saved.error} title={t`Could not load the seating plan`} />
        <Button variant="default" w="fit-content" onClick={() => saved.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  return <Designer key={id} id={id} initial={saved.data.plan} />;
}
