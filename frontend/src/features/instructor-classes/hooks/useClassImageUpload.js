import { useCallback, useRef } from "react";

import { uploadImage } from "../../../api/images";
import { ApiError } from "../../../lib/api";

// Why an upload failed, in the words the server (acting as the image host) used.
export function uploadProblem(error) {
  if (error instanceof ApiError) {
    return [].concat(error.fieldErrors.image || [])[0] || error.body.error || error.message;
  }
  return error.message;
}

/*
 * The address a class form's image will be saved with: a chosen file goes to the image host
 * first; an address (the class's saved image) is kept as it is. The last file uploaded is
 * remembered, so a form sent again after a refused field is not uploaded twice.
 */
export function useClassImageUpload() {
  const uploaded = useRef(null);
  return useCallback(async (image) => {
    if (typeof image === "string") return image;
    if (uploaded.current?.file === image) return uploaded.current.url;
    const url = await uploadImage(image);
    uploaded.current = { file: image, url };
    return url;
  }, []);
}
