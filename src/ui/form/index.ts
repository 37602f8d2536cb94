export { CheckboxField, type CheckboxFieldProps } from './CheckboxField';
export { describedBy, FieldMessages, FieldShell, FormIdContext, fieldId, useFieldIds } from './Field';
export { Form, FormActions, FormErrorSummary, type FormErrorSummaryProps, type FormProps } from './Form';
export { checkFile, describeTypes, formatBytes, readFileAsBase64, SCANNED_PAPER } from './files';
export { type FileValue, ImageField, type ImageFieldProps } from './ImageField';
export { MultiSelectField, type MultiSelectFieldProps } from './MultiSelectField';
export { confirmMismatch, NewPasswordFields } from './NewPasswordFields';
export { NumberField, type NumberFieldProps } from './NumberField';
export {
  matchesNote,
  SearchBox,
  SearchSelectField,
  type SearchSelectFieldProps,
  type ServerSearch,
  searchNeeded,
} from './SearchSelectField';
export { SelectField, type SelectFieldProps, type SelectOption } from './SelectField';
export { type FieldBaseProps, TextArea, type TextAreaProps, TextField, type TextFieldProps } from './TextField';
export { FORM_ERROR, mapServerErrors, type ServerFieldError, type UseForm, useForm } from './useForm';
