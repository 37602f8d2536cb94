export { labelledErrors } from './labelledErrors';
export { OperationForm, type OperationFormProps } from './OperationForm';
export {
  type FormOperation,
  type OperationForm as OperationFormKit,
  type OperationFormOptions,
  useOperationForm,
} from './useOperationForm';
export { chosenId, pictureBody, typedNumber } from './values';
