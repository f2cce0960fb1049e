-- Which dues a fee plan made (as against a due staff added: an exam fee, a book). A plan saved
-- after students joined gives its dues to those who have none from a plan for that course yet,
-- so the difference must be kept: plan_id alone is lost when a plan is deleted.
alter table fee_dues add column from_plan boolean not null default false;

-- Dues made before this column: those still linked to a plan, and those named as a plan names them.
update fee_dues set from_plan = true where plan_id is not null or label ~ '^(Course fee|Instalment [0-9]+ of [0-9]+)$';

create index fee_dues_student_course_idx on fee_dues (student_id, course_id) where from_plan;
