/**
 * Stories render in the browser only: the request helpers of `@tanstack/react-start/server` that
 * server functions and isomorphic functions use on the server are never called there. This module
 * stands in for that package in Storybook's build (its own entry cannot be bundled for a browser);
 * a call means a story ran server code, which is a mistake worth a loud error.
 */
function serverOnly(name: string): never {
  throw new Error(`${name} runs on the server only; a story called it`)
}

export const getRequest = () => serverOnly('getRequest')
export const getRequestHeader = (_name: string) => serverOnly('getRequestHeader')
export const getRequestHost = () => serverOnly('getRequestHost')
export const getRequestProtocol = () => serverOnly('getRequestProtocol')
export const appendResponseHeader = (_name: string, _value: string) => serverOnly('appendResponseHeader')
export const setResponseHeader = (_name: string, _value: string) => serverOnly('setResponseHeader')
export const setResponseStatus = (_status: number) => serverOnly('setResponseStatus')
export const deleteCookie = (_name: string) => serverOnly('deleteCookie')
