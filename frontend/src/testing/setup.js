import "@testing-library/jest-dom";
import { configure } from "@testing-library/react";

// `make test` runs jest beside the server passes on two cores, where a page's progressive
// rendering can take longer than Testing Library's one second; a wait still ends as soon as
// what it waits for is there.
configure({ asyncUtilTimeout: 5000 });
