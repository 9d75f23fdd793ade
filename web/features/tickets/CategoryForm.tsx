import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CategoryRequest, type CategoryResponse } from '../../../common/categories';
import { ModalForm } from '../../components/FormModal';
import { validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { useCreateCategory, useUpdateCategory } from './categories-api';

interface CategoryValues {
  name: string;
  description: string;
  is_hidden: boolean;
}

const toRequest = (v: CategoryValues): CategoryRequest => ({
  name: v.name,
  description: v.description.trim() === '' ? null : v.description,
  is_hidden: v.is_hidden,
});

/** Adds a category (`category` null) or renames and describes one; back to the list after. */
export function CategoryForm({
  eventId,
  category,
  onDone,
}: {
  eventId: number;
  category: CategoryResponse | null;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const create = useCreateCategory(eventId);
  const update = useUpdateCategory(eventId);
  const form = useForm<CategoryValues>({
    mode: 'controlled',
    initialValues: {
      name: category?.name ?? '',
      description: category?.description ?? '',
      is_hidden: category?.is_hidden ?? false,
    },
    validate: validateWith(CategoryRequest, toRequest),
  });

  const save = (values: CategoryValues) => {
    const body = toRequest(values);
    return category ? update.mutateAsync({ id: category.id, body }) : create.mutateAsync(body);
  };
  const onSaved = (saved: CategoryResponse) => {
    const name = saved.name;
    notify(category ? t`${name} has been saved.` : t`${name} has been created.`);
    onDone();
  };

  return (
    <ModalForm
      form={form}
      save={save}
      onSaved={onSaved}
      onCancel={onDone}
      submitLabel={category ? t`Save category` : t`Add category`}
    >
      <TextInput
        label={t`Name`}
        required
        data-autofocus
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <Textarea
        label={t`Description`}
        description={t`Plain text shown to buyers under the heading.`}
        autosize
        minRows={2}
        maxRows={6}
        key={form.key('description')}
        {...form.getInputProps('description')}
      />
      <Checkbox
        label={t`Hide this category and what it holds from buyers`}
        key={form.key('is_hidden')}
        {...form.getInputProps('is_hidden', { type: 'checkbox' })}
      />
    </ModalForm>
  );
}
