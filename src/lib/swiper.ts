/** The parts of Swiper the carousels use, in one chunk that is downloaded on first need. */
export { default as Swiper } from 'swiper';
export { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
