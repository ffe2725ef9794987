// Small statistics the bench scripts share.
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
