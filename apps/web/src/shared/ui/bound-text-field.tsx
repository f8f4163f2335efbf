import type { ComponentProps } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { TextField } from './text-field.tsx';

/**
 * The app's text field, bound to a react-hook-form field. `toText` and `fromText` turn the form's
 * value (the contract's: a number, an instant) into what the input shows and back; by default the
 * value is the text. The input is named by the field, unless `inputName` says otherwise (the name
 * password managers know it by).
 */
export function BoundTextField<T extends FieldValues>({
  control,
  name,
  toText = (value) => (value as string | null | undefined) ?? '',
  fromText = (text) => text,
  inputName,
  ...props
}: Omit<ComponentProps<typeof TextField>, 'value' | 'onValueChange' | 'name'> & {
  control: Control<T>;
  name: Path<T>;
  toText?: (value: unknown) => string;
  fromText?: (text: string) => unknown;
  inputName?: string;
}) {
  const { field } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={inputName ?? field.name}
      value={toText(field.value)}
      onValueChange={(text) => field.onChange(fromText(text))}
      onBlur={field.onBlur}
    />
  );
}
