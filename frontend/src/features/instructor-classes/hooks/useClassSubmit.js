import { useRef } from "react";

import { serverErrors } from "../../../components/forms/serverErrors";
import { uploadImage, uploadProblem } from "../../../api/images";
import { CLASS_FIELDS } from "../components/classFormValues";

/*
 * A class form's submit, for Add Class and Update Class alike: the image goes to the image host
 * first (a chosen file; an address, the class's saved image, is kept as it is), then `save` sends
 * the class with the address the host answered. A refusal of either shows beside its field, or
 * above the form. The last file uploaded is remembered, so a form sent again after a refused
 * field is not uploaded twice. Once saved, `onSaved(values, helpers)` gets the values as saved.
 */
export function useClassSubmit(save, onSaved) {
  const uploaded = useRef(null);

  async function upload(image) {
    if (typeof image === "string") return image;
    if (uploaded.current?.file === image) return uploaded.current.url;
    const url = await uploadImage(image);
    uploaded.current = { file: image, url };
    return url;
  }

  return async function handleSubmit(values, helpers) {
    const { setErrors, setStatus } = helpers;
    setStatus(undefined);
    let image;
    try {
      image = await upload(values.image);
    } catch (error) {
      setErrors({ image: uploadProblem(error) });
      return;
    }
    try {
      await save({ ...values, image });
    } catch (error) {
      const { fields, formError } = serverErrors(error, CLASS_FIELDS);
      setErrors(fields);
      setStatus(formError || undefined);
      return;
    }
    onSaved({ ...values, image }, helpers);
  };
}
