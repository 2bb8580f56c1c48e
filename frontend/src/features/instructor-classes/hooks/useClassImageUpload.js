import { useCallback, useRef } from "react";

import { uploadImage } from "../../../api/images";

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
