import * as yup from "yup";

import { emailSchema } from "./loginSchema";

export const forgotPasswordSchema = yup.object({ email: emailSchema });
